// Battery health (docs/battery.md): the demo's packs, estimated by the worker from their 30 days
// of history at first start, on the bike page's Battery tab — the pack's state of health and its
// trend chart, the time to 20 % — and on the fleet's Battery page, axe-clean; their loading,
// empty and error states (the calls held or answered by the test); an administrator's change
// of the state of health threshold, followed by the packs within seconds; on a desktop and on a
// dark phone. With VFM_SCREENSHOTS_DIR the screens are written as pictures.
import type { Page, Route } from '@playwright/test';
import battery from '../apps/web/src/battery/i18n/en.json' with { type: 'json' };
import { test, expect, apiLogin, ADMIN, MANAGER } from './fixtures';
import { expectAxeClean, picturesWanted, shoot } from './screen-checks';

interface Pack {
  packId: string;
  vehicleNumber: string | null;
  stateOfHealth: number | null;
  alert: string | null;
}
interface FleetBattery {
  packs: number;
  alerted: number;
  worst: Pack[];
  settings: { sohThreshold: number; fastDropPoints: number; nominalCapacityWh: number };
}

const API = '/api/wf/rest/v1';

// the first test waits for the worker's first estimate of the demo's history (up to a minute on
// two busy cores) before its own steps
test.describe.configure({ timeout: 120_000 });

/** The fleet's packs once the worker has estimated the history: its worst pack on a bike. */
async function estimatedFleet(request: Parameters<typeof apiLogin>[0]) {
  const manager = await apiLogin(request, MANAGER);
  let fleet = { worst: [] as Pack[] } as unknown as FleetBattery;
  await expect
    .poll(
      async () => {
        fleet = await manager.call<FleetBattery>('GET', 'battery/fleet');
        return fleet.worst.filter((p) => p.stateOfHealth !== null && p.vehicleNumber).length;
      },
      { timeout: 60_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThan(0);
  return { fleet, manager };
}

/** The worst pack that is in its bike now (the other of a bike's two packs may be in it), or
 *  the worst pack seen on a bike. */
async function worstPack(request: Parameters<typeof apiLogin>[0]) {
  const { fleet, manager } = await estimatedFleet(request);
  const seen = fleet.worst.filter((p) => p.stateOfHealth !== null && p.vehicleNumber);
  for (const pack of seen.slice(0, 10)) {
    const bike = await manager.call<{ pack: { packId: string } | null }>(
      'GET',
      `battery/bikes/${pack.vehicleNumber}`,
    );
    if (bike.pack?.packId === pack.packId) return pack;
  }
  return seen[0]!;
}

/** The battery settings' card alone as a picture (the page above it is the fleet settings'). */
async function shootCard(page: Page, name: string) {
  if (!picturesWanted()) return;
  const card = page.getByRole('region', { name: battery.settings.title });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await card.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' });
  const dir = process.env.VFM_SCREENSHOTS_DIR;
  if (dir) await card.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
}

/** The Battery tab of the worst pack's bike, showing the pack in the bike now (the worst one
 *  may have been swapped out since). */
async function openWorstPackBike(
  page: Page,
  login: (who: 'manager', path: string) => Promise<void>,
  request: Parameters<typeof apiLogin>[0],
) {
  const pack = await worstPack(request);
  await login('manager', `/en/fleet/product/${pack.vehicleNumber}?tab=battery`);
  await expect(page.getByRole('heading', { name: /^Pack BAT-/ })).toBeVisible();
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the bike page shows its pack, the trend and the time to 20 %', async ({
  page,
  login,
  request,
}) => {
  await openWorstPackBike(page, login, request);
  await expect(page.getByRole('img', { name: 'State of health by day' })).toBeVisible();
  await expect(page.getByText('Reaches 20 %')).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: battery.cycles })).toBeVisible();
  await expectAxeClean(page, 'the bike page, Battery tab');
  await shoot(page, 'battery-bike');
  await page.goto('/en/battery');
  await expect(page.getByRole('heading', { name: 'Worst packs' })).toBeVisible();
  await expectAxeClean(page, 'the Batteries page');
  await shoot(page, 'battery-fleet');
});

test.describe('loading, empty and error', () => {
  /** holds the call until the test ends (the loading state), or answers it */
  async function answer(
    page: Page,
    pattern: string,
    how: 'hold' | 'empty' | 'error',
    body: unknown,
  ) {
    await page.unroute(pattern);
    await page.route(pattern, async (route: Route) => {
      if (how === 'hold') return; // never answered: the screen stays loading
      if (how === 'error')
        return route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 500, title: 'Internal Server Error' }),
        });
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(body),
      });
    });
  }

  test('of the bike page Battery tab and the Batteries page', async ({ page, login, request }) => {
    const { fleet } = await estimatedFleet(request);
    const vehicleNumber = fleet.worst.find((p) => p.vehicleNumber)!.vehicleNumber!;
    await login('manager', '/en/battery');
    await expect(page.getByRole('heading', { name: 'Worst packs' })).toBeVisible();
    const bikeCall = `**${API}/battery/bikes/**`;
    const fleetCall = `**${API}/battery/fleet`;
    const emptyBike = {
      vehicleNumber,
      level: null,
      hoursTo20: null,
      predictedAt: null,
      pack: null,
      history: [],
      swapReasons: [],
      sohThreshold: 80,
    };
    const emptyFleet = {
      ...fleet,
      packs: 0,
      estimated: 0,
      alerted: 0,
      medianStateOfHealth: null,
      distribution: [],
      models: [],
      worst: [],
      peakHour: null,
    };
    const bikePage = `/en/fleet/product/${vehicleNumber}?tab=battery`;
    for (const how of ['hold', 'empty', 'error'] as const) {
      await answer(page, bikeCall, how, emptyBike);
      await page.goto(bikePage);
      if (how === 'hold') await expect(page.getByText(battery.bike.loading)).toBeVisible();
      if (how === 'empty') await expect(page.getByText(battery.bike.none)).toBeVisible();
      if (how === 'error') {
        await expect(page.getByText(battery.bike.error)).toBeVisible();
        await expect(page.getByRole('button', { name: battery.retry })).toBeVisible();
      }
      if (how !== 'hold') await expectAxeClean(page, `the Battery tab, ${how}`);
      await shoot(page, `battery-bike-${how === 'hold' ? 'loading' : how}`);

      await answer(page, fleetCall, how, emptyFleet);
      await page.goto('/en/battery');
      if (how === 'hold') await expect(page.getByText(battery.loading)).toBeVisible();
      if (how === 'empty') await expect(page.getByText(battery.fleet.none)).toBeVisible();
      if (how === 'error') await expect(page.getByText(battery.error)).toBeVisible();
      if (how !== 'hold') await expectAxeClean(page, `the Batteries page, ${how}`);
      await shoot(page, `battery-fleet-${how === 'hold' ? 'loading' : how}`);
    }
  });
});

test('an administrator changes the state of health threshold: the packs follow at once', async ({
  page,
  login,
  request,
}) => {
  const { fleet } = await estimatedFleet(request);
  const admin = await apiLogin(request, ADMIN);
  const threshold = fleet.settings.sohThreshold;
  // the least healthy pack not alerted yet: a threshold just over it alerts it (and only the
  // few packs under it)
  const target = fleet.worst.find(
    (p) => p.alert === null && p.stateOfHealth !== null && p.stateOfHealth < 99,
  );
  expect(target, 'a pack under 99 % not alerted').toBeTruthy();
  const raised = Math.ceil(target!.stateOfHealth! + 0.1);
  await login('admin', '/en/administration?tab=settings');
  const field = page.getByLabel(new RegExp(`^${battery.settings.sohThreshold}`));
  await expect(field).toHaveValue(String(threshold));
  try {
    // said as it is typed, before any save
    await field.fill('150');
    await expect(page.getByText('Enter a whole number between 1 and 100.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectAxeClean(page, 'the battery settings with an error');
    await shootCard(page, 'battery-settings');
    await field.fill(String(raised));
    await expect(page.getByText('Enter a whole number between 1 and 100.')).toHaveCount(0);
    await page.getByRole('button', { name: battery.settings.save }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: battery.settings.saved }),
    ).toBeVisible();
    // no new telemetry needed: the pack is alerted within seconds
    await expect
      .poll(
        async () =>
          (await admin.call<FleetBattery>('GET', 'battery/fleet')).worst.find(
            (p) => p.packId === target!.packId,
          )?.alert,
        { timeout: 20_000 },
      )
      .toBe('LOW_STATE_OF_HEALTH');
    await page.goto('/en/battery');
    const row = page.getByRole('row').filter({ hasText: target!.packId });
    await expect(row).toContainText(battery.alerts.LOW_STATE_OF_HEALTH);
    await expect(page.getByText(new RegExp(`under ${raised} %`))).toBeVisible();
  } finally {
    await admin.call('PUT', 'battery/settings', { sohThreshold: threshold });
  }
  await expect
    .poll(
      async () =>
        (await admin.call<FleetBattery>('GET', 'battery/fleet')).worst.find(
          (p) => p.packId === target!.packId,
        )?.alert ?? null,
      { timeout: 20_000 },
    )
    .toBeNull();
});

test.describe('on a dark phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  test('the Battery tab and the Batteries page fit the screen', async ({
    page,
    login,
    request,
  }) => {
    await openWorstPackBike(page, login, request);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, 'the Battery tab on a dark phone');
    await shoot(page, 'battery-bike-phone-dark');
    await page.goto('/en/battery');
    await expect(page.getByRole('heading', { name: 'Worst packs' })).toBeVisible();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'battery-fleet-phone-dark');
  });

  test('the battery settings fit the screen', async ({ page, login }) => {
    await login('admin', '/en/administration?tab=settings');
    const card = page.getByRole('region', { name: battery.settings.title });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: battery.settings.save })).toBeVisible();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, 'the battery settings on a dark phone');
    await shootCard(page, 'battery-settings-phone-dark');
  });
});
