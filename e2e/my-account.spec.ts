// Flow: my account — profile with photo, language and distance unit, own password.
import { deflateSync } from 'node:zlib';
import { test, expect, fr, createActiveAccount, loginThroughUi, signedInAt } from './fixtures';

/** A small valid PNG (a teal square) made here, so no binary file is needed. */
function tealPng(size = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(size * 3, Buffer.from([22, 153, 139])),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('profile, photo and preferences are saved', async ({ page, request }) => {
  const account = await createActiveAccount(request, { fullName: 'Alex Martin' });
  await signedInAt(page, '/fr/my-account', account.email, account.password);
  const profile = page.locator('#profile');
  await profile.getByLabel(fr.myAccount.profile.fullName).fill('Alexandra Martin');
  await profile.getByLabel(fr.myAccount.profile.description).fill('Équipe de nuit');
  await page.getByTestId('photo-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: tealPng(),
  });
  await expect(profile.locator('img[src^="data:image/jpeg;base64,"]')).toBeVisible();
  await profile.getByRole('button', { name: fr.common.save }).click();
  await expect(page.getByText(fr.myAccount.profile.saved)).toBeVisible();
  const menu = page.getByTestId('profile-menu');
  await expect(menu).toContainText('Alexandra Martin');
  await expect(menu).toContainText('Équipe de nuit');
  // the saved photo is served by accounts/{id}/photo and shown from a blob (ADR 0079)
  await expect(menu.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(profile.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => menu.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  const preferences = page.locator('#preferences');
  await preferences.getByLabel(fr.myAccount.preferences.mi).check();
  // the daily digests' time zone (ADR 0099)
  await preferences.getByLabel(fr.myAccount.preferences.timeZone).selectOption('Asia/Tokyo');
  await preferences.getByRole('button', { name: fr.common.save }).click();
  await expect(page.getByText(fr.myAccount.preferences.saved)).toBeVisible();
  await page.reload();
  await expect(page.locator('#preferences').getByLabel(fr.myAccount.preferences.mi)).toBeChecked();
  await expect(
    page.locator('#preferences').getByLabel(fr.myAccount.preferences.timeZone),
  ).toHaveValue('Asia/Tokyo');
  await expect(page.locator('#profile').getByLabel(fr.myAccount.profile.fullName)).toHaveValue(
    'Alexandra Martin',
  );
  await expect(page.getByTestId('profile-menu').locator('img')).toHaveAttribute('src', /^blob:/);
  // after a reload the photo comes from accounts/{id}/photo and is drawn
  await expect
    .poll(() =>
      page
        .getByTestId('profile-menu')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);

  // a new language reloads the page under its prefix and is kept for the next login
  await page
    .locator('#preferences')
    .getByLabel(fr.myAccount.preferences.language)
    .selectOption('en');
  await page.locator('#preferences').getByRole('button', { name: fr.common.save }).click();
  await expect(page).toHaveURL(/\/en\/my-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.locator('#preferences').getByLabel('Miles (mi)')).toBeChecked();
});

test('the own password changes with the current one, and the session goes on', async ({
  page,
  request,
}) => {
  const account = await createActiveAccount(request);
  await signedInAt(page, '/fr/my-account', account.email, account.password);
  const section = page.locator('#password');
  await section.getByLabel(fr.password.current, { exact: true }).fill(account.password);
  await section.getByLabel(fr.password.new, { exact: true }).fill('Mine!Pass2027');
  await section.getByLabel(fr.password.confirm, { exact: true }).fill('Mine!Pass2027');
  await section.getByRole('button', { name: fr.password.submit }).click();
  await expect(page.getByText(fr.messages.yourPasswordChanged)).toBeVisible();
  await expect(section.getByLabel(fr.password.current, { exact: true })).toHaveValue('');

  // still signed in: another page loads with data
  await page.goto('/fr/fleet');
  await expect(page.getByRole('heading', { level: 1, name: fr.shell.nav.fleet })).toBeVisible();
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: fr.shell.profile.logout }).click();
  await loginThroughUi(page, account.email, 'Mine!Pass2027');
});
