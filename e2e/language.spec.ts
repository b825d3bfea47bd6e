// Flow: language switch (SPEC §2) and the language of the user settings after login (SPEC §4).
import { test, expect, en, fr, createActiveAccount } from './fixtures';

test('the language selector lists languages alphabetically and reloads under /{lang}/', async ({
  page,
}) => {
  await page.goto('/fr/auth/login');
  const selector = page.getByRole('button', { name: /FRANÇAIS/ });
  await selector.click();
  await expect(page.getByRole('menuitemradio')).toHaveText([
    'CZECH',
    'DEUTSCH',
    'ENGLISH',
    'ESPAÑOL',
    'FINNISH',
    'FRANÇAIS',
    'ITALIANO',
    'NEDERLANDS',
    'POLISH',
    'PORTUGUESE',
    '中文',
  ]);
  await page.getByRole('menuitemradio', { name: 'ENGLISH' }).click();
  await expect(page).toHaveURL(/\/en\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: en.auth.login.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // from the keyboard
  await page.getByRole('button', { name: /ENGLISH/ }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/de\/auth\/login$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

test('every language of the shared layer has its sign-in screen', async ({ page }) => {
  for (const lang of ['es', 'it', 'nl', 'zh', 'cs', 'pt', 'pl', 'fi']) {
    await page.goto(`/${lang}/auth/login`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading, lang).not.toBe(en.auth.login.title);
  }
});

test('after login the language of the user settings applies', async ({ page, request }) => {
  const account = await createActiveAccount(request, { language: 'de' });
  await page.goto('/fr/auth/login');
  await page.getByLabel(fr.auth.login.email, { exact: true }).fill(account.email);
  await page.getByLabel(fr.auth.login.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: fr.auth.login.submit }).click();
  await expect(page).toHaveURL(/\/de\/fleet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flottenbestand' })).toBeVisible();
});
