// Flow: password reset request (SPEC §2, §4: the same success page whatever the outcome).
import { test, expect, fr, MANAGER } from './fixtures';
import { waitForMail, linkTo } from './mail';

test('a reset request leads to the success page and e-mails a change-password link', async ({
  page,
}) => {
  await page.goto('/fr/auth/login');
  await page.getByRole('link', { name: fr.auth.login.forgotPassword }).click();
  await expect(page).toHaveURL(/\/fr\/auth\/reset-password$/);
  const send = page.getByRole('button', { name: fr.common.send });
  await expect(send).toBeDisabled();
  const since = Date.now();
  await page.getByLabel(fr.auth.reset.email, { exact: true }).fill(MANAGER);
  await send.click();
  await expect(page).toHaveURL(/\/fr\/auth\/reset-password-success$/);
  await expect(
    page.getByRole('heading', { level: 1, name: fr.auth.resetSuccess.title }),
  ).toBeVisible();
  await expect(page.getByText('15 minutes')).toBeVisible();
  const mail = await waitForMail(MANAGER, since, '/auth/change-password');
  expect(linkTo(mail, '/auth/change-password')).toMatch(/email=manager%40vfm\.demo&token=[^&]+/);
  await page.getByRole('button', { name: fr.common.ok }).click();
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
});

test('an unknown address gets the same success page', async ({ page }) => {
  await page.goto('/fr/auth/reset-password');
  await page.getByLabel(fr.auth.reset.email, { exact: true }).fill('nobody@nowhere.example');
  await page.getByRole('button', { name: fr.common.send }).click();
  await expect(page).toHaveURL(/\/fr\/auth\/reset-password-success$/);
});

test('cancel goes back to login; the error page exists', async ({ page }) => {
  await page.goto('/fr/auth/reset-password');
  await page.getByRole('button', { name: fr.common.cancel }).click();
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
  await page.goto('/fr/auth/reset-password-error');
  await expect(
    page.getByRole('heading', { level: 1, name: fr.auth.resetError.title }),
  ).toBeVisible();
  await expect(page.getByText(fr.errors.resetFailed)).toBeVisible();
});
