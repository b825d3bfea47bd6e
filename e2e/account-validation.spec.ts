// Flow: an admin creates an account; its owner sets the first password from the e-mailed
// account-validation link, then signs in (SPEC §2).
import { test, expect, fr, createAccount, loginThroughUi } from './fixtures';
import { waitForMail, linkTo } from './mail';

test('the validation link of an account created by an admin sets its first password', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { fullName: 'Inès Moreau' });
  const link = linkTo(
    await waitForMail(account.email, account.since, '/auth/account-validation'),
    '/auth/account-validation',
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/fr\/auth\/account-validation\?/);
  await expect(
    page.getByRole('heading', { level: 1, name: fr.auth.changePassword.title }),
  ).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByLabel(fr.password.new, { exact: true }).fill('First!Pass2026');
  await page.getByLabel(fr.password.confirm, { exact: true }).fill('First!Pass2026');
  await page.getByRole('button', { name: fr.password.submit }).click();
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);

  await loginThroughUi(page, account.email, 'First!Pass2026');
  await expect(page.getByTestId('profile-menu')).toContainText('Inès Moreau');
});
