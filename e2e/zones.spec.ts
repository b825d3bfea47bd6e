// Zones (docs/zones.md): a manager draws a zone by clicking its corners on the map, names it,
// saves it and renames it; imports a GeoJSON file; sees the zones as a layer of the fleet map
// with its switch; deletes a zone; sees the alert of a module that rides into a zone it drew
// and its end when it rides out (docs/zones.md). Each test names its zones uniquely and removes
// them.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  test,
  expect,
  fr,
  apiLogin,
  adminAndManager,
  connectModule,
  API,
  MANAGER,
  MAP_READY,
  type ApiClient,
} from './fixtures';

const z = fr.zones;
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

interface ZoneList {
  content: Array<{ id: string; name: string; version: number; type: string; bbox: number[] }>;
}

async function removeZones(api: ApiClient, prefix: string) {
  const { content } = await api.call<ZoneList>('GET', 'zones');
  for (const zone of content.filter((candidate) => candidate.name.startsWith(prefix)))
    await api.call('DELETE', `zones/${zone.id}`);
}

/**
 * Draws a shape by its corners (screen points) on the zones map in drawing mode, closed with
 * Enter. Twice in the whole suite's runs on two cores the clicks were not taken (the shape still
 * empty, nothing drawn; not reproduced in 28 runs of this file alone, idle or under load, and a
 * first run keeps no trace): the manager's own remedy, "Redraw" and draw again.
 */
async function drawShape(page: Page, corners: ReadonlyArray<readonly [number, number]>) {
  const canvas = page.getByTestId('zones-map').locator('canvas');
  let attempt = 0;
  await expect(async () => {
    if (attempt++) {
      await page.getByRole('button', { name: z.form.redraw }).click();
      await expect(canvas).toHaveAttribute('data-draw-mode', 'polygon');
    }
    for (const [x, y] of corners) {
      await page.mouse.move(x, y, { steps: 4 });
      await page.mouse.click(x, y);
    }
    // Enter closes the shape (clicking its first corner again does too, but a camera still
    // settling under load moves that corner on the screen)
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('zone-shape')).toHaveText(
      z.form.shapeReady.replace('{{count, number}}', String(corners.length)),
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 25_000 });
}

test.describe('zones', () => {
  test('a manager draws a zone on the map, saves it, renames it and deletes it', async ({
    page,
    login,
  }) => {
    const name = unique('E2E drawn');
    await login('manager', '/fr/zones');
    await expect(page.getByTestId('zones-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
    await page.getByRole('button', { name: z.new }).click();
    await expect(page.getByText(z.drawHint)).toBeVisible();
    const canvas = page.getByTestId('zones-map').locator('canvas');
    await expect(canvas).toHaveAttribute('data-draw-mode', 'polygon');

    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const corners: Array<[number, number]> = [
      [cx - 60, cy - 40],
      [cx + 60, cy - 40],
      [cx + 40, cy + 50],
    ];
    await drawShape(page, corners);

    await page.getByLabel(z.form.name).fill(name);
    await page.getByLabel(z.form.type).selectOption('NO_PARKING');
    await page.getByRole('button', { name: z.form.save }).click();
    await expect(page.getByText(z.form.saved)).toBeVisible();

    await page.getByLabel(z.form.name).fill(`${name} bis`);
    await page.getByRole('button', { name: z.form.save }).click();
    await expect(page.getByText(z.form.saved)).toHaveCount(2);
    await page.locator('form').getByRole('button', { name: z.form.cancel }).click();
    await expect(page.getByTestId('zone-list').getByText(`${name} bis`)).toBeVisible();

    await page.getByTestId('zone-list').getByText(`${name} bis`).click();
    await page.getByRole('button', { name: z.form.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: z.form.delete }).click();
    await expect(page.getByText(z.form.deleted)).toBeVisible();
    await expect(page.getByTestId('zone-list').getByText(`${name} bis`)).toHaveCount(0);
  });

  test('a GeoJSON file imports its zones, which the fleet map shows with a switch', async ({
    page,
    login,
    request,
  }) => {
    const name = unique('E2E imported');
    const api = await apiLogin(request, MANAGER);
    await login('manager', '/fr/zones');
    await expect(page.getByTestId('zone-list')).toBeVisible();

    const collection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name, type: 'SLOW', maxSpeedKmh: 12 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [4.84, 45.76],
                [4.845, 45.76],
                [4.845, 45.764],
                [4.84, 45.764],
                [4.84, 45.76],
              ],
            ],
          },
        },
      ],
    };
    await page.getByTestId('zone-import-file').setInputFiles({
      name: 'zones.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(collection)),
    });
    await expect(page.getByText(z.imported.replace('{{count, number}}', '1'))).toBeVisible();
    await expect(page.getByTestId('zone-list').getByText(name)).toBeVisible();

    // a file that is not GeoJSON: said, nothing imported
    await page.getByTestId('zone-import-file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": "world"}'),
    });
    await expect(page.getByText(z.importErrors.notGeoJson)).toBeVisible();

    await page.goto('/fr/fleet');
    const toggle = page.getByTestId('fleet-map').getByLabel(z.toggle);
    await expect(toggle).toBeChecked(MAP_READY);
    await toggle.uncheck();
    await expect(toggle).not.toBeChecked();
    await toggle.check();

    await removeZones(api, name);
  });

  test('a module riding into a drawn no-ride zone opens its alert on the bike page, which ends when it rides out', async ({
    page,
    login,
    request,
  }) => {
    const name = unique('E2E no ride');
    const { admin, manager: api } = await adminAndManager(request);
    const module = await importModule(request, admin);
    try {
      await login('manager', '/fr/zones');
      await expect(page.getByTestId('zones-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
      await page.getByRole('button', { name: z.new }).click();
      const canvas = page.getByTestId('zones-map').locator('canvas');
      await expect(canvas).toHaveAttribute('data-draw-mode', 'polygon');
      const box = (await canvas.boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      await drawShape(page, [
        [cx - 50, cy - 50],
        [cx + 50, cy - 50],
        [cx + 50, cy + 50],
        [cx - 50, cy + 50],
      ]);
      await page.getByLabel(z.form.name).fill(name);
      await page.getByLabel(z.form.type).selectOption('NO_RIDE');
      await page.getByRole('button', { name: z.form.save }).click();
      await expect(page.getByText(z.form.saved)).toBeVisible();

      // the module rides to the middle of the drawn square (read back from the server)
      const { content } = await api.call<ZoneList>('GET', 'zones');
      const zone = content.find((candidate) => candidate.name === name)!;
      const [west, south, east, north] = zone.bbox as [number, number, number, number];
      await module.publish((south + north) / 2, (west + east) / 2);

      await page.goto(`/fr/fleet/product/${module.vehicleNumber}?tab=alerts`);
      const item = page.getByTestId('active-alerts').locator('li[data-kind="IN_NO_RIDE_ZONE"]');
      await expect(item).toContainText(fr.bike.warning.IN_NO_RIDE_ZONE, { timeout: 15_000 });
      await expect(item.getByTestId('alert-state')).toContainText(fr.alerts.state.OPEN);

      // out of the zone: the alert ends by itself, and the page says so without a reload
      await module.publish(north + (north - south), (west + east) / 2);
      await expect(item).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByTestId('alert-history')).toContainText(
        fr.bike.warning.IN_NO_RIDE_ZONE,
      );
    } finally {
      await module.close();
      await removeZones(api, name);
      await admin.call('DELETE', `fleet/admin/vehicles?vehicleNumbers=${module.vehicleNumber}`);
    }
  });
});

/** A bike of the demo fleet with a module of its own (the administrators' CSV import, which
 * answers the module's secret), connected to the broker as the module. */
async function importModule(request: APIRequestContext, admin: ApiClient) {
  const suffix = Date.now().toString(36).toUpperCase().slice(-5).padStart(5, '0');
  const vehicleNumber = `E2E-ZONE-${suffix}`;
  const moduleId = `Z${suffix}`;
  const csv = `vehicleNumber,bikeCode,moduleId,model,group\n${vehicleNumber},BC-Z-${suffix},${moduleId},City 28,\n`;
  const answer = await request.post(`${API}/fleet/admin/vehicles`, {
    headers: {
      ...(await admin.headers()),
      'content-type': 'text/csv',
    },
    data: csv,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { modules } = (await answer.json()) as {
    modules: Array<{ moduleId: string; secret: string }>;
  };
  const { secret } = modules.find((m) => m.moduleId === moduleId)!;
  const client = await connectModule(moduleId, secret);
  let seq = Date.now();
  return {
    vehicleNumber,
    async publish(lat: number, lon: number) {
      seq += 1;
      await client.publishAsync(
        `vfm/v1/${moduleId}/up/telemetry`,
        JSON.stringify({
          seq,
          ts: new Date().toISOString(),
          lat,
          lon,
          speedKmh: 12,
          mode: 'NAVIGATION',
          bikeBattery: 80,
          iotBattery: 90,
        }),
        { qos: 1 },
      );
    },
    close: () => client.endAsync(),
  };
}
