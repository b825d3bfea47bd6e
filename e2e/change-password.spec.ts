// Flow: change the password through the e-mailed link (SPEC §2, §4, §5, §8).
import type { Page } from '@playwright/test';
import { test, expect, fr, createActiveAccount, loginThroughUi } from './fixtures';
import { waitForMail, linkTo } from './mail';

async function requestReset(page: Page, email: string) {
  const since = Date.now();
  await page.goto('/fr/auth/reset-password');
  await page.getByLabel(fr.auth.reset.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: fr.common.send }).click();
  await expect(page).toHaveURL(/reset-password-success$/);
  return linkTo(await waitForMail(email, since, '/auth/change-password'), '/auth/change-password');
}

async function choose(page: Page, password: string) {
  await page.getByLabel(fr.password.new, { exact: true }).fill(password);
  await page.getByLabel(fr.password.confirm, { exact: true }).fill(password);
  await page.getByRole('button', { name: fr.password.submit }).click();
}

test('the e-mailed link sets a new password; the old one stops working', async ({
  page,
  request,
}) => {
  const account = await createActiveAccount(request);
  const link = await requestReset(page, account.email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/fr\/auth\/change-password\?/);
  await expect(
    page.getByRole('heading', { level: 1, name: fr.auth.changePassword.title }),
  ).toBeVisible();

  // the live checklist and the match line
  const submit = page.getByRole('button', { name: fr.password.submit });
  await expect(submit).toBeDisabled();
  await page.getByLabel(fr.password.new, { exact: true }).fill('abc');
  await expect(page.locator('[data-rule="lowercase"]')).toHaveAttribute('data-ok', 'true');
  await expect(page.locator('[data-rule="uppercase"]')).toHaveAttribute('data-ok', 'false');
  await page.getByLabel(fr.password.confirm, { exact: true }).fill('abd');
  await expect(page.getByTestId('password-match')).toHaveText(fr.password.mismatch);

  await choose(page, 'Fresh!Pass2027');
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
  await expect(page.getByText(fr.messages.yourPasswordChanged)).toBeVisible();

  await loginThroughUi(page, account.email, 'Fresh!Pass2027');
});

test('the same password again is refused with the 406 message', async ({ page, request }) => {
  const account = await createActiveAccount(request);
  await page.goto(await requestReset(page, account.email));
  await choose(page, account.password);
  await expect(page.getByRole('alert')).toHaveText(fr.errors.passwordSame);
});

test('a used link gives the generic error', async ({ page, request }) => {
  const account = await createActiveAccount(request);
  const link = await requestReset(page, account.email);
  await page.goto(link);
  await choose(page, 'Fresh!Pass2027');
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
  await page.goto(link);
  await choose(page, 'Other!Pass2028');
  await expect(page.getByRole('alert')).toHaveText(fr.errors.passwordFailed);
});
