// Battery health (docs/battery.md): the demo's packs, estimated by the worker from their 30 days
// of history at first start, on the bike page's Battery tab — the pack's state of health and its
// trend chart, the time to 20 % — and on the fleet's Battery page; on a desktop and on a dark
// phone.
// With VFM_SCREENSHOTS_DIR the screens are written as pictures.
import { test, expect, apiLogin, MANAGER } from './fixtures';
import { shoot } from './screen-checks';

interface FleetBattery {
  packs: number;
  worst: Array<{ packId: string; vehicleNumber: string | null; stateOfHealth: number | null }>;
}

/** The worst pack of the demo, once the worker has estimated the history. */
async function worstPack(request: Parameters<typeof apiLogin>[0]) {
  const manager = await apiLogin(request, MANAGER);
  let fleet: FleetBattery = { packs: 0, worst: [] };
  await expect
    .poll(
      async () => {
        fleet = await manager.call<FleetBattery>('GET', 'battery/fleet');
        return fleet.worst.filter((p) => p.stateOfHealth !== null && p.vehicleNumber).length;
      },
      { timeout: 60_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThan(0);
  return fleet.worst.find((p) => p.stateOfHealth !== null && p.vehicleNumber)!;
}

test('the bike page shows its pack, the trend and the time to 20 %', async ({
  page,
  login,
  request,
}) => {
  const pack = await worstPack(request);
  await login('manager', `/en/fleet/product/${pack.vehicleNumber}?tab=battery`);
  // the pack in the bike now (the worst one may have been swapped out since)
  await expect(page.getByRole('heading', { name: /^Pack BAT-/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'State of health by day' })).toBeVisible();
  await expect(page.getByText('Reaches 20 %')).toBeVisible();
  await shoot(page, 'battery-bike');
  await page.goto('/en/battery');
  await expect(page.getByRole('heading', { name: 'Worst packs' })).toBeVisible();
  await shoot(page, 'battery-fleet');
});

test.describe('on a dark phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  test('the Battery tab fits the screen', async ({ page, login, request }) => {
    const pack = await worstPack(request);
    await login('manager', `/en/fleet/product/${pack.vehicleNumber}?tab=battery`);
    await expect(page.getByRole('heading', { name: /^Pack BAT-/ })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'battery-bike-phone-dark');
    await page.goto('/en/battery');
    await expect(page.getByRole('heading', { name: 'Worst packs' })).toBeVisible();
    await shoot(page, 'battery-fleet-phone-dark');
  });
});
