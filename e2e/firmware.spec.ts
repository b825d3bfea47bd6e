// Firmware (docs/firmware.md): an administrator sees the demo's finished campaign and its modules,
// uploads a package (its SHA-256 shown), starts a campaign on one bike and aborts it; on a phone
// (390 px) the page fits and passes axe. The pictures go to docs/screenshots with
// VFM_SCREENSHOTS_DIR.
import { createHash, randomBytes } from 'node:crypto';
import firmwareFr from '../apps/web/src/features/firmware/i18n/fr.json' with { type: 'json' };
import { test, expect } from './fixtures';
import { expectAxeClean, shoot } from './screen-checks';

const f = firmwareFr;
const DEMO_CAMPAIGN = 'Firmware 2.5.0 — battery saving';

test('an administrator follows a campaign, uploads a package and starts then aborts a campaign', async ({
  page,
  login,
}) => {
  await login('admin', '/fr/firmware');
  const campaigns = page.getByRole('list', { name: f.campaigns.title });
  const demo = campaigns.getByRole('listitem').filter({ hasText: DEMO_CAMPAIGN });
  await expect(demo.getByText(f.campaignStates.FINISHED, { exact: true })).toBeVisible();
  await expect(demo.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await demo.getByRole('button', { name: f.campaigns.showModules }).click();
  const firstRow = demo.getByRole('row').nth(1);
  await expect(firstRow.getByText(f.moduleStates.UPDATED)).toBeVisible();
  const vehicleNumber = (await firstRow.getByRole('cell').first().textContent())!
    .replace(f.modules.canary, '')
    .trim();
  await shoot(page, 'firmware-desktop');

  // a package: its SHA-256 is the server's, computed as the file arrived
  const file = randomBytes(4096);
  const version = `9.${Date.now() % 100_000}.0`;
  const upload = page.getByRole('form', { name: f.packages.upload });
  await upload.getByLabel(f.packages.version).fill(version);
  await upload.getByLabel(f.packages.model).fill('VFM-IOT-3');
  await upload
    .getByLabel(f.packages.file)
    .setInputFiles({ name: 'fw.bin', mimeType: 'application/octet-stream', buffer: file });
  await upload.getByRole('button', { name: f.packages.upload }).click();
  const packages = page.getByRole('list', { name: f.packages.title });
  await expect(packages.getByText(createHash('sha256').update(file).digest('hex'))).toBeVisible();

  // a campaign on that one bike, then aborted: the bike is left as it was
  const start = page.getByRole('form', { name: f.campaigns.start });
  // a label's name holds its select's text: the package is the form's first select, the group
  // (every group unless chosen, docs/firmware.md) its second
  await start
    .locator('select')
    .first()
    .selectOption({ label: `VFM-IOT-3 · ${version}` });
  await expect(start.locator('select').nth(1)).toHaveValue('');
  await start.getByLabel(f.campaigns.name, { exact: true }).fill(`E2E ${version}`);
  await start.getByLabel(f.campaigns.bikes).fill(vehicleNumber);
  // the whole form in the picture, clear of the sticky header
  await start.evaluate((form) => form.scrollIntoView({ block: 'center' }));
  await shoot(page, 'firmware-campaign-form-desktop');
  await start.getByRole('button', { name: f.campaigns.start }).click();
  const mine = campaigns.getByRole('listitem').filter({ hasText: `E2E ${version}` });
  await expect(mine.getByText(f.campaignStates.CANARY, { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: f.actions.abort }).click();
  await expect(mine.getByText(f.campaignStates.ABORTED, { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the firmware page and the bike’s firmware tab fit and pass axe', async ({
    page,
    login,
  }) => {
    await login('admin', '/fr/firmware');
    await expect(page.getByText(DEMO_CAMPAIGN)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAxeClean(page, 'firmware (phone)');
    await shoot(page, 'firmware-mobile');
    const demo = page.getByRole('listitem').filter({ hasText: DEMO_CAMPAIGN });
    await demo.getByRole('button', { name: f.campaigns.showModules }).click();
    const cell = demo.getByRole('row').nth(1).getByRole('cell').first();
    const vehicleNumber = (await cell.textContent())!.replace(f.modules.canary, '').trim();
    await page.goto(`/fr/fleet/product/${vehicleNumber}?tab=firmware`);
    const updates = page.getByRole('list', { name: f.bike.title });
    await expect(updates.getByText(DEMO_CAMPAIGN)).toBeVisible();
    await expectAxeClean(page, 'bike firmware (phone)');
    await shoot(page, 'bike-firmware-mobile');
  });
});

// pictures only (docs/screenshots, `VFM_SCREENSHOTS_DIR`): dark, and the empty and error states
test.describe('pictures', () => {
  test.skip(!process.env.VFM_SCREENSHOTS_DIR, 'pictures, not checks: npm run screenshots');

  test.describe('dark', () => {
    test.use({ colorScheme: 'dark' });
    test('the firmware page, dark', async ({ page, login }) => {
      await login('admin', '/fr/firmware');
      await expect(page.getByText(DEMO_CAMPAIGN)).toBeVisible();
      await shoot(page, 'firmware-dark-desktop');
    });
  });

  test('empty, then failing', async ({ page, login }) => {
    await page.route('**/api/wf/rest/v1/firmware/**', (route) => {
      const url = route.request().url();
      const body = url.endsWith('/packages')
        ? { packages: [] }
        : url.endsWith('/campaigns')
          ? { campaigns: [] }
          : { versions: [] };
      return route.fulfill({ json: body });
    });
    await login('admin', '/fr/firmware');
    await expect(page.getByText(f.campaigns.empty)).toBeVisible();
    await shoot(page, 'firmware-empty-desktop');
    await page.unroute('**/api/wf/rest/v1/firmware/**');
    await page.route('**/api/wf/rest/v1/firmware/**', (route) =>
      route.fulfill({ status: 503, json: { status: 503, title: 'Service Unavailable' } }),
    );
    await page.reload();
    await expect(page.getByText(f.campaigns.error)).toBeVisible();
    await shoot(page, 'firmware-error-desktop');
  });
});
