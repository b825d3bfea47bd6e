// Pictures of the zones' screens for docs/screenshots (docs/zones.md): the Zones view
// with a zone's form and its automatic commands, the fleet filters by zone, the statistics'
// bikes per zone. Pictures, not checks (zones.spec.ts asserts the flows): `npm test` skips
// them, `npm run screenshots` takes them.
import { test, expect, createActiveAccount, loginThroughUi, MAP_READY } from './fixtures';
import { shoot } from './screen-checks';

// pictures only, outside `npm test`: `npm run screenshots` takes them (they assert nothing of
// their own; docs/performance.md, the README's test command within 15 minutes)
test.skip(!process.env.VFM_SCREENSHOTS_DIR, 'pictures, not checks: npm run screenshots');

test('pictures of the zones', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = await createActiveAccount(request, {
    fullName: 'Camille Durand',
    language: 'en',
    email: `zones.pictures${test.info().retry || ''}@vfm.demo`,
  });
  await loginThroughUi(page, account.email, account.password, 'en');

  await page.goto('/en/zones');
  await expect(page.getByTestId('zones-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
  await page
    .getByTestId('zone-list')
    .getByText(/ service area$/)
    .click();
  await expect(page.getByLabel('Automatic commands')).toBeVisible();
  await page.waitForTimeout(800);
  await shoot(page, 'zones-form-desktop');

  await page.goto('/en/fleet');
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter the fleet' });
  await expect(filters).toBeVisible();
  await filters.getByText('Place Bellecour').scrollIntoViewIfNeeded();
  await shoot(page, 'fleet-filters-zones-desktop');
  await page.keyboard.press('Escape');

  await page.goto('/en/statistics');
  const card = page.getByRole('heading', { name: 'Bikes per zone' });
  await card.scrollIntoViewIfNeeded();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(800);
  await shoot(page, 'statistics-zones-desktop');

  // a zone's cap alert opens after 10 minutes of a crossed cap (zone-caps.test.ts asserts it):
  // for the picture, the server's own occupancy with Place Bellecour's alert opened in it
  await page.route('**/zones/occupancy', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      content: Array<{ zoneId: string; parked: number; capAlert: unknown }>;
    };
    const zones = (await (
      await route.fetch({ url: route.request().url().replace('/occupancy', '') })
    ).json()) as {
      content: Array<{ id: string; name: string }>;
    };
    const bellecour = zones.content.find((zone) => zone.name === 'Place Bellecour');
    for (const entry of body.content)
      if (entry.zoneId === bellecour?.id) {
        entry.parked = 3;
        entry.capAlert = {
          kind: 'ZONE_ABOVE_MAXIMUM',
          cap: 0,
          parked: 3,
          openedAt: new Date(Date.now() - 25 * 60_000).toISOString(),
        };
      }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/en/warnings');
  await expect(page.getByTestId('zone-cap-banner')).toBeVisible();
  await shoot(page, 'warnings-zone-caps-desktop');
  await page.goto('/en/zones');
  await expect(page.getByTestId('zone-cap-alert')).toBeVisible();
  await expect(page.getByTestId('zones-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
  await shoot(page, 'zones-cap-alert-desktop');
  await page.unroute('**/zones/occupancy');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/zones');
  await expect(page.getByTestId('zones-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
  await page.waitForTimeout(800);
  await shoot(page, 'zones-mobile');
});
