// Where bikes are needed (docs/rebalancing.md): on the fleet map a manager turns on the heat map
// of trip starts and reads its legend; on the Rebalancing page they accept a suggested move,
// which makes REBALANCE tasks, each with the move's drop-off on its card (a move whose bikes rode
// off meanwhile is planned again: its replacement is accepted in turn). With VFM_SCREENSHOTS_DIR the screens are written as pictures.
import { test, expect, apiLogin, MANAGER, MAP_READY, TECHNICIAN } from './fixtures';
import { picture } from './screen-checks';

test('heat map layer on the fleet map; accepting a move makes tasks', async ({
  page,
  login,
  request,
}) => {
  const manager = await apiLogin(request, MANAGER);
  const rebalanceTasks = async () =>
    (await manager.call<{ totalElements: number }>('GET', 'tasks?kind=REBALANCE&status=all'))
      .totalElements;
  // planned now rather than at the worker's next half hour
  await manager.call('POST', 'rebalancing/plan', {});
  const before = await rebalanceTasks();

  await login('manager', '/en/fleet');
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
  await page.getByTestId('heatmap-control').getByRole('combobox').selectOption('starts');
  await expect(page.getByTestId('heatmap-legend')).toBeVisible();
  await expect(page.getByTestId('heatmap-legend')).toContainText('trips/day');
  await picture(page, 'rebalancing-heatmap-desktop');

  await page.goto('/en/rebalancing');
  await expect(page.getByTestId('recommendation').first()).toBeVisible();
  await expect(page.getByTestId('route-map').first()).toHaveAttribute(
    'data-ready',
    'true',
    MAP_READY,
  );
  await picture(page, 'rebalancing-desktop');
  // the simulated riders may take a bike meanwhile: then the move is planned again
  for (let attempt = 0; attempt < 3 && (await rebalanceTasks()) === before; attempt++) {
    await page
      .getByTestId('recommendation')
      .first()
      .getByRole('button', { name: 'Accept' })
      .click();
    // a second attempt's toast may stand beside the first's
    await expect(
      page.getByText(/rebalancing tasks? created|planned again|withdrawn/).first(),
    ).toBeVisible();
  }
  expect(await rebalanceTasks()).toBeGreaterThan(before);

  // a task of the move says where to leave its bike, with its own navigation link
  const { content } = await manager.call<{
    content: Array<{
      vehicleNumber: string;
      createdAt: string;
      dropOff: { latitude: number; longitude: number } | null;
    }>;
  }>('GET', 'tasks?kind=REBALANCE&status=all&sort=created&size=1');
  const [made] = content;
  expect(made?.dropOff).not.toBeNull();
  await page.goto('/en/tasks');
  await page.getByRole('combobox', { name: 'Kind', exact: true }).selectOption('REBALANCE');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Rebalance · ${made!.vehicleNumber}` }) });
  const { latitude, longitude } = made!.dropOff!;
  await expect(
    card.getByText(`Drop-off: ${latitude.toFixed(5)}, ${longitude.toFixed(5)}`),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'Navigate to the drop-off' })).toHaveAttribute(
    'href',
    `geo:${latitude},${longitude}`,
  );

  // the phone: the manager's suggestions, then the technician's route (an ordered list, a map)
  await page.goto('/en/rebalancing');
  await page.setViewportSize({ width: 390, height: 844 });
  // the accepted move has left the list: another, or the list's empty state
  await expect(page.getByRole('region', { name: 'Moves suggested' })).toBeVisible();
  await picture(page, 'rebalancing-mobile');
  await login(
    { email: TECHNICIAN, password: process.env.DEMO_PASSWORD ?? 'VfmDemo!2026' },
    '/en/rebalancing',
  );
  await expect(page.getByRole('heading', { name: 'My route' })).toBeVisible();
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
  await picture(page, 'rebalancing-route-mobile');
  await page.emulateMedia({ colorScheme: 'dark' });
  await picture(page, 'rebalancing-route-mobile-dark');
});
