// Flows of the administration's accounts (docs/web.md, §7): an admin creates an
// account from the browser → the validation e-mail is in the outbox → its link lets the new
// user set a password and sign in; the admin sets a password; deletes with SPEC §8's
// confirmation; cannot delete its own row; a manager never sees the page.
import {
  test,
  expect,
  fr,
  loginThroughUi,
  uniqueEmail,
  createActiveAccount,
  NEW_PASSWORD,
  apiLogin,
  connectModule,
  ADMIN,
} from './fixtures';
import { waitForMail, linkTo } from './mail';

test('an account created in the browser is validated from its e-mail and signs in', async ({
  page,
  login,
  browser,
}) => {
  const email = uniqueEmail('created');
  await login('admin', '/fr/administration');
  const since = Date.now();
  await page.getByRole('button', { name: fr.administration.accounts.create }).click();
  const dialog = page.getByRole('dialog', { name: fr.administration.form.createTitle });
  // SPEC §5 patterns before anything is sent
  await dialog.getByLabel(fr.administration.form.email, { exact: true }).fill('not-an-email');
  await dialog.getByRole('button', { name: fr.administration.form.create }).click();
  await expect(dialog.getByText(fr.validation.required)).toBeVisible();
  await dialog.getByLabel(fr.administration.form.email, { exact: true }).fill(email);
  await dialog.getByLabel(fr.administration.form.fullName, { exact: true }).fill('Noé Garnier');
  await dialog.getByRole('button', { name: fr.administration.form.create }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('accounts').getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(fr.administration.accounts.statuses.PENDING);

  // the same e-mail again: the server's conflict on the field
  await page.getByRole('button', { name: fr.administration.accounts.create }).click();
  await dialog.getByLabel(fr.administration.form.email, { exact: true }).fill(email);
  await dialog.getByLabel(fr.administration.form.fullName, { exact: true }).fill('Noé Bis');
  await dialog.getByRole('button', { name: fr.administration.form.create }).click();
  await expect(dialog.getByText(fr.administration.form.emailTaken)).toBeVisible();
  await page.keyboard.press('Escape');

  const link = linkTo(
    await waitForMail(email, since, '/auth/account-validation'),
    '/auth/account-validation',
  );
  const other = await browser.newPage();
  await other.goto(link);
  await other.getByLabel(fr.password.new, { exact: true }).fill('First!Pass2026');
  await other.getByLabel(fr.password.confirm, { exact: true }).fill('First!Pass2026');
  await other.getByRole('button', { name: fr.password.submit }).click();
  await expect(other).toHaveURL(/\/fr\/auth\/login$/);
  await loginThroughUi(other, email, 'First!Pass2026');
  await expect(other.getByTestId('profile-menu')).toContainText('Noé Garnier');
  await other.close();

  await page.reload();
  await expect(row).toContainText(fr.administration.accounts.statuses.ACTIVE);
});

test('an admin sets a password, then deletes the account with the SPEC confirmation', async ({
  page,
  login,
  request,
}) => {
  const account = await createActiveAccount(request, { fullName: 'Léa Fontaine' });
  await login('admin', '/fr/administration');
  await page
    .getByRole('button', {
      name: fr.administration.accounts.setPasswordNamed.replace('{{email}}', account.email),
    })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(fr.password.new, { exact: true }).fill('Second!Pass2026');
  await dialog.getByLabel(fr.password.confirm, { exact: true }).fill('Second!Pass2026');
  await dialog.getByRole('button', { name: fr.administration.password.submit }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: fr.messages.passwordChangedByAdmin }),
  ).toBeVisible();

  await page
    .getByRole('button', {
      name: fr.administration.accounts.deleteNamed.replace('{{email}}', account.email),
    })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(fr.messages.deleteAccount_one);
  await confirm.getByRole('button', { name: fr.administration.accounts.confirm }).click();
  await expect(page.getByTestId('accounts')).not.toContainText(account.email);
  expect(NEW_PASSWORD).not.toBe('Second!Pass2026');
});

test('an admin cannot delete its own account', async ({ page, login }) => {
  await login('admin', '/fr/administration');
  const own = page
    .getByTestId('accounts')
    .getByRole('row')
    .filter({ hasText: `(${fr.administration.accounts.you})` });
  await expect(own).toBeVisible();
  await expect(own.getByRole('checkbox')).toBeDisabled();
  await expect(own.getByRole('button', { name: /Supprimer/ })).toHaveCount(0);
});

test('the accounts list is searched by the server and shows each photo', async ({
  page,
  login,
  request,
}) => {
  const account = await createActiveAccount(request, { fullName: 'Photo Pagée' });
  // a 1×1 PNG as the account's own photo (ADR 0079: served by accounts/{id}/photo)
  const own = await apiLogin(request, account.email, account.password);
  await own.call('PUT', 'accounts/me', {
    photo:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  });
  await login('admin', '/fr/administration');
  const answer = page.waitForResponse(
    (response) =>
      response.url().includes('/accounts?') &&
      new URL(response.url()).searchParams.get('q') === account.email,
  );
  await page.getByPlaceholder(fr.administration.accounts.search).fill(account.email);
  expect((await answer).status()).toBe(200);
  const rows = page.getByTestId('accounts').getByRole('row');
  // the header and the one account found
  await expect(rows).toHaveCount(2);
  const photo = rows.filter({ hasText: account.email }).locator('img');
  await expect(photo).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('a manager never sees the administration', async ({ page, login }) => {
  await login('manager', '/fr/my-account');
  await expect(page.getByRole('link', { name: fr.shell.nav.administration })).toHaveCount(0);
  await page.goto('/fr/administration');
  await expect(page).not.toHaveURL(/administration/);
});

test('a CSV import previews, reports its bad line, shows the secret that connects the module, then the bike is removed', async ({
  page,
  login,
}) => {
  const suffix = Date.now().toString(36).toUpperCase().slice(-5).padStart(5, '0');
  const vehicleNumber = `E2E-IMP-${suffix}`;
  const moduleId = `Q${suffix}`;
  const csv = [
    'vehicleNumber,bikeCode,moduleId,model,group',
    // no group: the statistics flow reads the first group of the tree
    `${vehicleNumber},BC-IMP-${suffix},${moduleId},City 28,`,
    'NOT A FRAME,BC-X,,City 28,',
  ].join('\n');
  await login('admin', '/fr/administration?tab=bikes');
  await page
    .getByLabel(fr.administration.bikes.choose)
    .setInputFiles({ name: 'bikes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // the preview, before anything is sent: one bike ready, line 3 refused
  await expect(page.getByText(/1 vélo prêt à importer depuis bikes\.csv/)).toBeVisible();
  await expect(page.getByTestId('import-errors')).toContainText('Ligne 3');
  await page.getByRole('button', { name: 'Importer 1 vélo' }).click();

  await expect(page.getByText(/Import terminé — créés : 1,/)).toBeVisible();
  const secrets = page.getByTestId('module-secrets');
  const row = secrets.getByRole('row').filter({ hasText: moduleId });
  const secret = (await row.locator('code').textContent())!.trim();
  expect(secret.length).toBeGreaterThan(10);

  // the secret lets the module connect to the broker
  const client = await connectModule(moduleId, secret);
  expect(client.connected).toBe(true);
  // listed as waiting for its first report until the module speaks, then gone, live
  const awaiting = page.getByTestId('awaiting-first-report');
  await expect(awaiting).toContainText(vehicleNumber);
  await client.publishAsync(
    `vfm/v1/${moduleId}/up/telemetry`,
    JSON.stringify({
      seq: 1,
      ts: new Date().toISOString(),
      lat: 45.76,
      lon: 4.84,
      bikeBattery: 80,
    }),
    { qos: 1 },
  );
  await expect(page.getByText(fr.administration.bikes.allReported)).toBeVisible({
    timeout: 15_000,
  });
  await client.endAsync();

  // removed with SPEC §8's warning
  await page.getByLabel(fr.administration.bikes.removeLabel).fill(vehicleNumber);
  await page.getByRole('button', { name: fr.administration.bikes.remove, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fr.messages.removeBikes);
  await dialog.getByRole('button', { name: fr.administration.bikes.removeConfirm }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '1 vélo retiré' })).toBeVisible();
});

test('a settings change moves a bike into a low-battery warning, and the activity log says who', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, ADMIN);
  const settings = await api.call<{ lowVehicleBatteryPercent: number }>('GET', 'fleet/settings');
  const list = await api.call<{
    content: Array<{ vehicleNumber: string; bikeBatteryLevel: number | null }>;
  }>('GET', 'fleet/list?size=200&sort=bikeBatteryLevel,asc');
  // the least charged bike above the threshold: raising the threshold to its level warns it
  const bike = list.content.find(
    (row) =>
      row.bikeBatteryLevel !== null &&
      row.bikeBatteryLevel > settings.lowVehicleBatteryPercent &&
      row.bikeBatteryLevel < 100,
  );
  expect(bike, 'a bike above the low-battery threshold').toBeTruthy();
  await login('admin', '/fr/administration?tab=settings');
  const field = page.getByLabel(new RegExp(fr.administration.settings.lowVehicleBattery));
  await expect(field).toHaveValue(String(settings.lowVehicleBatteryPercent));
  try {
    await field.fill(String(bike!.bikeBatteryLevel));
    await page.getByRole('button', { name: fr.administration.settings.save, exact: true }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: fr.administration.settings.saved }),
    ).toBeVisible();
    const warned = await api.call<{ content: Array<{ vehicleNumber: string }> }>(
      'GET',
      `products/warnings?type=LOW_VEHICLE_BATTERY&size=1000`,
    );
    expect(warned.content.map((row) => row.vehicleNumber)).toContain(bike!.vehicleNumber);
  } finally {
    await api.call('PUT', 'fleet/settings', {
      lowVehicleBatteryPercent: settings.lowVehicleBatteryPercent,
    });
  }

  await page.goto('/fr/administration?tab=activity');
  await page.getByLabel(fr.administration.activity.kind).selectOption('settings');
  const row = page.getByTestId('activity').getByRole('row').nth(1);
  await expect(row).toContainText(fr.administration.activity.names.FLEET_SETTINGS_CHANGED);
  await expect(row).toContainText('admin@vfm.demo');
});

test('an administrator removes selected bikes from the fleet screen, with the SPEC warning', async ({
  page,
  login,
}) => {
  const suffix = Date.now().toString(36).toUpperCase().slice(-5).padStart(5, '0');
  const vehicleNumber = `E2E-RM-${suffix}`;
  await login('admin', '/fr/administration?tab=bikes');
  await page.getByLabel(fr.administration.bikes.choose).setInputFiles({
    name: 'one.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `vehicleNumber,bikeCode,moduleId,model,group\n${vehicleNumber},BC-RM-${suffix},,City 28,\n`,
    ),
  });
  await page.getByRole('button', { name: 'Importer 1 vélo' }).click();
  await expect(page.getByText(/Import terminé — créés : 1,/)).toBeVisible();

  await page.goto(`/fr/fleet?q=${vehicleNumber}`);
  const table = page.getByRole('table', { name: fr.fleet.list.label });
  await table
    .getByRole('checkbox', {
      name: fr.fleet.list.selectRow.replace('{{vehicleNumber}}', vehicleNumber),
    })
    .check();
  await page.getByRole('button', { name: fr.bike.selection.remove }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fr.messages.removeBikes);
  await dialog.getByRole('button', { name: fr.bike.confirm.confirm }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: '1 vélo retiré de la flotte' }),
  ).toBeVisible();
  await expect(page.getByText(fr.fleet.list.empty)).toBeVisible();
});

test('a manager has no removal on the fleet screen', async ({ page, login }) => {
  await login('manager');
  const table = page.getByRole('table', { name: fr.fleet.list.label });
  await table.getByRole('checkbox').nth(1).check();
  await expect(page.getByRole('region', { name: fr.bike.selection.actions })).toBeVisible();
  await expect(page.getByRole('button', { name: fr.bike.selection.remove })).toHaveCount(0);
});
