// Flows of the bike page (docs/web.md): a lock command pending, then acknowledged by the
// simulated module and listed in the history with the manager's e-mail; a theft reported then
// cancelled, the availability restored; an availability change; a change made in another
// session shown live; the self-diagnosis; an unknown bike.
import {
  test,
  expect,
  fr,
  apiLogin,
  MANAGER,
  type ApiClient,
  MAP_READY,
  availableAfter,
} from './fixtures';

interface ListRow {
  vehicleNumber: string;
  availability: string;
  theft: string;
  assistanceLocked: boolean;
  lockControlPending: boolean;
  iotMode: string | null;
  moduleId: string | null;
}

/**
 * A bike of the demo fleet fit for a flow: parked in STANDBY (a moving bike that gets locked
 * raises a theft suspicion), with a module, no theft, nothing pending; `skip` keeps the flows
 * on different bikes.
 */
async function pickBike(api: ApiClient, skip: number, query = ''): Promise<ListRow> {
  const page = await api.call<{ content: ListRow[] }>(
    'GET',
    `fleet/list?size=500&mode=STANDBY&status=PARKED${query}`,
  );
  const fit = page.content.filter(
    (row) => row.moduleId && row.theft === 'NONE' && !row.lockControlPending,
  );
  expect(fit.length, 'demo bikes to act on').toBeGreaterThan(skip);
  return fit[skip]!;
}

const bikePage = (vehicleNumber: string) => `/fr/fleet/product/${vehicleNumber}`;

test('a lock waits for the module, is acknowledged and shows in the history', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  // bikes 3 and 4 are this flow's (the others take 1, 5, 7, 9): the first not locked
  const bike = [await pickBike(api, 3), await pickBike(api, 4)].find((b) => !b.assistanceLocked);
  if (!bike) throw new Error('bikes 3 and 4 of the demo fleet are both locked');
  await login('manager', bikePage(bike.vehicleNumber));
  const commands = page.getByRole('region', { name: fr.bikePage.commands.title });
  await commands.getByRole('button', { name: fr.bikePage.commands.lock }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fr.bikePage.commands.confirmLockHint);
  // the simulated module can answer within a poll's interval: every status the commands show
  // is recorded as it appears, so that a short pending state is still seen
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { commandStatuses: seen });
    new MutationObserver(() => {
      const region = document.getElementById('commands-title')?.closest('section');
      region
        ?.querySelectorAll('[role="status"]')
        .forEach((status) => seen.push(status.textContent ?? ''));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole('button', { name: fr.bikePage.commands.confirm }).click();
  try {
    // pending until the module's acknowledgement arrives over the stream, then the new state
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { commandStatuses: string[] }).commandStatuses.join('\n'),
        ),
      )
      .toContain('En attente du module');
    // the module answers within a second; 30 s leaves room for a busy machine (as fleet.spec)
    await expect(commands.getByRole('button', { name: fr.bikePage.commands.unlock })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByTestId('toast').filter({
        hasText: fr.bikePage.commands.acknowledged.replace('{{vehicleNumber}}', bike.vehicleNumber),
      }),
    ).toHaveCount(1);

    await page.getByRole('tab', { name: fr.bikePage.tabs.history }).click();
    const row = page.getByTestId('event-history').getByRole('row').nth(1);
    await expect(row).toContainText(fr.bikePage.history.names.ASSISTANCE_LOCKED);
    await expect(row).toContainText(MANAGER);

    await page.getByRole('tab', { name: fr.bikePage.tabs.commands }).click();
    await expect(page.getByTestId('command-history').getByRole('row').nth(1)).toContainText(
      fr.bikePage.commandHistory.statuses.ACKNOWLEDGED,
    );
  } finally {
    await api.call('POST', `commands/lockControl/${bike.vehicleNumber}?active=false`);
  }
});

test('a theft is reported, then cancelled, and the availability comes back', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  const bike = await pickBike(api, 5);
  await login('manager', bikePage(bike.vehicleNumber));
  const theft = page.getByRole('region', { name: fr.bikePage.theft.title });
  await theft.getByRole('button', { name: fr.bikePage.theft.report }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fr.bikePage.theft.reportHint);
  await dialog.getByRole('button', { name: fr.bikePage.theft.confirm }).click();
  try {
    await expect(theft.getByRole('button', { name: fr.bikePage.theft.cancel })).toBeVisible();
    await expect(page.getByRole('list', { name: fr.bikePage.groups.state })).toContainText(
      fr.bike.theft.REPORTED,
    );
  } finally {
    await theft.getByRole('button', { name: fr.bikePage.theft.cancel }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(fr.bikePage.theft.cancelHint);
    await dialog.getByRole('button', { name: fr.bikePage.theft.confirm }).click();
  }
  await expect(theft).toContainText(fr.bikePage.theft.none);
  await expect(page.getByLabel(fr.bikePage.header.availability)).toHaveValue(bike.availability);
});

test('the availability changes from the header and shows in the history', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  const bike = await pickBike(api, 7, '&availability=AVAILABLE');
  await login('manager', bikePage(bike.vehicleNumber));
  await availableAfter(api, bike, async () => {
    await page.getByLabel(fr.bikePage.header.availability).selectOption('TRANSIT');
    await expect(
      page.getByTestId('toast').filter({ hasText: fr.bike.availability.TRANSIT }),
    ).toBeVisible();
    await page.getByRole('tab', { name: fr.bikePage.tabs.history }).click();
    const row = page.getByTestId('event-history').getByRole('row').nth(1);
    await expect(row).toContainText(fr.bikePage.history.names.AVAILABILITY_CHANGED);
    await expect(row).toContainText(
      `${fr.bike.availability.AVAILABLE} → ${fr.bike.availability.TRANSIT}`,
    );
  });
});

test('a change made in another session shows without reload', async ({ page, login, request }) => {
  const api = await apiLogin(request, MANAGER);
  const bike = await pickBike(api, 9, '&availability=AVAILABLE');
  await login('manager', bikePage(bike.vehicleNumber));
  const availability = page.getByLabel(fr.bikePage.header.availability);
  await expect(availability).toHaveValue('AVAILABLE');
  await availableAfter(api, { ...bike, changedTo: 'OUT' }, () =>
    expect(availability).toHaveValue('OUT', { timeout: 15_000 }),
  );
});

test('the self-diagnosis lists each check of the latest report', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  const bike = await pickBike(api, 1);
  const autotest = await api.call<{ latest: { results: { code: string }[] } | null }>(
    'GET',
    `products/details/autotest/${bike.vehicleNumber}`,
  );
  await login('manager', `${bikePage(bike.vehicleNumber)}?tab=diagnosis`);
  if (!autotest.latest) {
    await expect(page.getByText(fr.bikePage.diagnosis.none)).toBeVisible();
    return;
  }
  const table = page.getByTestId('autotest-latest');
  for (const result of autotest.latest.results) await expect(table).toContainText(result.code);
});

test('a trip of the last days replays on the map', async ({ page, login, request }) => {
  const api = await apiLogin(request, MANAGER);
  const list = await api.call<{ content: ListRow[] }>('GET', 'fleet/list?size=40');
  let found: { vehicleNumber: string; points: number } | null = null;
  for (const row of list.content) {
    const { trips } = await api.call<{ trips: { positions: unknown[] }[] }>(
      'GET',
      `products/details/trips/${row.vehicleNumber}`,
    );
    if (trips[0] && trips[0].positions.length > 1) {
      found = { vehicleNumber: row.vehicleNumber, points: trips[0].positions.length };
      break;
    }
  }
  expect(found, 'a demo bike with a trip in the last 7 days').not.toBeNull();
  await login('manager', `${bikePage(found!.vehicleNumber)}?tab=trips`);
  const trips = page.getByRole('list', { name: fr.bikePage.trips.label });
  await expect(trips.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('trip-map')).toHaveAttribute('data-points', String(found!.points));
  await expect(page.getByTestId('bike-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
  const slider = page.getByRole('slider', { name: fr.bikePage.trips.position });
  await expect(slider).toHaveValue('0');
  await page.getByRole('button', { name: fr.bikePage.trips.play }).click();
  await expect(slider).not.toHaveValue('0');
});

test('an unknown bike is a clear not-found state with a way back', async ({ page, login }) => {
  await login('manager', bikePage('NOPE-404'));
  await expect(page.getByRole('heading', { name: 'Vélo NOPE-404 introuvable' })).toBeVisible();
  await page.getByRole('link', { name: fr.bikePage.notFound.back }).click();
  await expect(page).toHaveURL(/\/fr\/fleet$/);
});
