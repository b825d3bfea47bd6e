// Flow: logout from the profile menu (SPEC §2, §7).
import { test, expect, fr } from './fixtures';

test('logout tells the server, clears both tokens and goes to login', async ({ page, login }) => {
  await login('manager');
  const logout = page.waitForRequest(
    (r) => r.url().endsWith('/auth/logout') && r.method() === 'POST',
  );
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: fr.shell.profile.logout }).click();
  expect((await logout).postDataJSON()).toEqual({ refreshToken: expect.any(String) });
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('jwtToken'),
      localStorage.getItem('jwtRefreshToken'),
    ]),
  ).toEqual([null, null]);
  await page.goto('/fr/fleet');
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
});

test('the profile menu closes on a click outside', async ({ page, login }) => {
  await login('manager');
  await page.getByTestId('profile-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
});
