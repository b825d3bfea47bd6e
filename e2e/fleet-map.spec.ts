// The fleet map (docs/web.md): it draws the demo fleet's bikes, a cluster zooms on
// click (or lists its bikes when they share one place), the bike in the address opens its
// popup, and the thefts map shows only thefts.
import { test, expect, fr, apiLogin, MANAGER, MAP_READY } from './fixtures';

interface Row {
  vehicleNumber: string;
  latitude: number | null;
}

test('the map draws the fleet and a cluster zooms in', async ({ page, login, request }) => {
  const api = await apiLogin(request, MANAGER);
  const list = await api.call<{ content: Row[] }>('GET', 'fleet/list?size=500');
  const placed = list.content.filter((row) => row.latitude !== null).length;
  await login('manager');
  await expect(page.getByTestId('map-count')).toHaveText(
    fr.map.count_other.replace('{{count, number}}', placed.toLocaleString('fr')),
    MAP_READY,
  );
  const clusters = page.getByTestId('map-cluster');
  await expect(clusters.first()).toBeVisible();
  // each button sits where its bikes are: placed by MapLibre, not stacked in the page's flow
  // (a `position` of our own once pushed every cluster a button lower than the one before)
  // read at one moment, in one call of the page: the demo bikes ride, and a cluster that moved
  // is another button (a locator's evaluateAll finds the buttons, then reads them a call later:
  // one removed in between read as no style at all)
  const box = (await page.getByTestId('fleet-map').boundingBox())!;
  const buttons = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="map-cluster"]')).map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { position: getComputedStyle(element).position, x, y, width, height };
    }),
  );
  expect(buttons.length).toBeGreaterThan(0);
  for (const { position, x, y, width, height } of buttons) {
    expect(position).toBe('absolute');
    expect(x + width / 2).toBeGreaterThanOrEqual(box.x);
    expect(x + width / 2).toBeLessThanOrEqual(box.x + box.width);
    expect(y + height / 2).toBeGreaterThanOrEqual(box.y);
    expect(y + height / 2).toBeLessThanOrEqual(box.y + box.height);
  }
  const before = await clusters.allTextContents();
  // the demo bikes ride: two clusters may overlap for a moment, so the click goes to the
  // cluster itself rather than to whatever lies on top of its centre
  await clusters.first().dispatchEvent('click');
  // zoomed in: other clusters (or bikes); or the bikes of one place in a list
  await expect
    .poll(async () => {
      const after = await clusters.allTextContents();
      const listed = await page.getByText(/vélos à cet endroit/).count();
      return listed > 0 || after.join() !== before.join();
    })
    .toBe(true);
});

test('the bike in the address opens its popup on the map', async ({ page, login, request }) => {
  const api = await apiLogin(request, MANAGER);
  const list = await api.call<{ content: Row[] }>('GET', 'fleet/list?size=50');
  const bike = list.content.find((row) => row.latitude !== null)!;
  await login('manager', `/fr/fleet?bike=${bike.vehicleNumber}`);
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toContainText(bike.vehicleNumber);
  const open = popup.getByRole('link', { name: fr.bike.popup.open });
  await expect(open).toBeVisible();
  // from the keyboard: the popup follows its bike, which the demo may be riding, and is brought
  // into view once the map is still — a pointer's click can land where the link just was
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/fr/fleet/product/${bike.vehicleNumber}$`));
});

test('the thefts map shows only thefts', async ({ page, login, request }) => {
  const api = await apiLogin(request, MANAGER);
  const thefts = await api.call<{ content: Row[] }>(
    'GET',
    'fleet/list?size=500&warning=REPORTED_THEFT&warning=SUSPECTED_THEFT',
  );
  const placed = thefts.content.filter((row) => row.latitude !== null).length;
  await login('manager');
  await page.getByRole('button', { name: fr.fleet.view.thefts }).click();
  await expect(page.getByTestId('map-count')).toHaveText(
    placed
      ? fr.map[placed === 1 ? 'count_one' : 'count_other'].replace(
          '{{count, number}}',
          placed.toLocaleString('fr'),
        )
      : fr.map.none,
    MAP_READY,
  );
});
