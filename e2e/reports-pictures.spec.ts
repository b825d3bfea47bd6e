// Pictures of the reports for docs/screenshots (docs/reports.md): the last 30 days of the demo
// fleet, of a group, of a zone and of a bike — each with its figures, days and tables, the
// zones' time and occupancy against their caps —, printed and on a phone, and the fleet
// screen's KPI strip. Pictures,
// not checks (reports.spec.ts and report-schedule-mail.spec.ts assert the flows): `npm test`
// skips them, `npm run screenshots` takes them.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, apiLogin, createActiveAccount, loginThroughUi, MANAGER } from './fixtures';

test.skip(!process.env.VFM_SCREENSHOTS_DIR, 'pictures, not checks: npm run screenshots');

interface Report {
  figures: { trips: number };
}

const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('pictures of the reports', async ({ page, request }) => {
  test.setTimeout(180_000);
  const dir = process.env.VFM_SCREENSHOTS_DIR!;
  mkdirSync(dir, { recursive: true });
  const api = await apiLogin(request, MANAGER);
  // the demo's 30 days rolled up to yesterday (the catch-up goes oldest first)
  await expect
    .poll(
      async () =>
        (await api.call<Report>('GET', `reports?period=day&from=${day(1)}`)).figures.trips,
      { timeout: 120_000 },
    )
    .toBeGreaterThan(0);
  const zones = await api.call<{ content: Array<{ id: string; type: string }> }>('GET', 'zones');
  const area = zones.content.find((z) => z.type === 'SERVICE_AREA')!;
  const list = await api.call<{ content: Array<{ vehicleNumber: string }> }>(
    'GET',
    'fleet/list?page=0&size=1',
  );
  const bike = list.content[0]!.vehicleNumber;
  const groups = await api.call<Array<{ id: string; bikeCount: number }>>('GET', 'fleet/group');
  const groupId = groups.find((g) => g.bikeCount > 0)?.id;

  const account = await createActiveAccount(request, {
    fullName: 'Camille Durand',
    language: 'en',
    email: `reports.pictures${test.info().retry || ''}@vfm.demo`,
  });
  await loginThroughUi(page, account.email, account.password, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });

  const last30 = `period=custom&from=${day(30)}&to=${day(1)}`;
  const shots: Array<[string, string]> = [
    ['reports', last30],
    ...(groupId
      ? [['reports-group', `${last30}&scope=group&target=${groupId}`] as [string, string]]
      : []),
    ['reports-zone', `${last30}&scope=zone&target=${area.id}`],
    ['reports-bike', `${last30}&scope=bike&target=${bike}`],
  ];
  for (const [name, query] of shots) {
    await page.goto(`/en/reports?${query}`);
    await expect(page.getByRole('region', { name: 'Figures' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  }

  // printed, and on a phone (the zones' table scrolls sideways in its card)
  await page.goto(`/en/reports?${last30}`);
  await expect(page.getByRole('region', { name: 'Figures' })).toBeVisible({ timeout: 20_000 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: path.join(dir, 'reports-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('table', { name: 'Zones' }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, 'reports-mobile.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/en/fleet');
  const strip = page.getByRole('region', { name: 'Today against the same day last week' });
  await expect(strip).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  await strip.screenshot({ path: path.join(dir, 'fleet-kpi-strip-desktop.png') });
});
