// Trip and track export (docs/manager-tools.md): on the bike page's trips, a manager downloads the period
// as GPX, KML and GeoJSON and the replayed trip as GPX; each file is parsed back — the XML by
// the browser's strict parser — with the bike and the period in its metadata and positions in it.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, fr, apiLogin, MANAGER } from './fixtures';

const x = fr.bikePage.export;

async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

/** [root element, metadata name, number of points] of an XML file, by the browser's parser */
const parseXml = (page: Page, text: string, point: string, name: string) =>
  page.evaluate(
    ([source, pointTag, nameSelector]) => {
      const doc = new DOMParser().parseFromString(source!, 'application/xml');
      if (doc.querySelector('parsererror')) return ['parsererror', '', 0] as const;
      return [
        doc.documentElement.localName,
        doc.querySelector(nameSelector!)?.textContent ?? '',
        doc.getElementsByTagName(pointTag!).length,
      ] as const;
    },
    [text, point, name],
  );

test('a manager exports the period and a trip as GPX, KML and GeoJSON', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  const list = await api.call<{ content: Array<{ vehicleNumber: string }> }>(
    'GET',
    'fleet/list?size=40',
  );
  let vehicleNumber = '';
  for (const row of list.content) {
    const { trips } = await api.call<{ trips: { positions: unknown[] }[] }>(
      'GET',
      `products/details/trips/${row.vehicleNumber}`,
    );
    if (trips[0] && trips[0].positions.length > 1) {
      vehicleNumber = row.vehicleNumber;
      break;
    }
  }
  expect(vehicleNumber, 'a demo bike with a trip in the last 7 days').not.toBe('');
  await login('manager', `/fr/fleet/product/${vehicleNumber}?tab=trips`);
  await expect(page.getByRole('list', { name: fr.bikePage.trips.label })).toBeVisible();

  const gpx = await download(page, x.as.replace('{{what}}', x.period).replace('{{format}}', 'GPX'));
  expect(gpx.name).toMatch(
    new RegExp(`^${vehicleNumber}-\\d{4}-\\d\\d-\\d\\d_\\d{4}-\\d\\d-\\d\\d\\.gpx$`),
  );
  const [gpxRoot, gpxName, gpxPoints] = await parseXml(page, gpx.text, 'trkpt', 'metadata > name');
  expect([gpxRoot, gpxName]).toEqual(['gpx', vehicleNumber]);
  expect(gpxPoints).toBeGreaterThan(1);
  expect(gpx.text).toMatch(/<desc>Positions of bike .+ from \d{4}-.+ to \d{4}-.+<\/desc>/);

  const kml = await download(page, x.as.replace('{{what}}', x.period).replace('{{format}}', 'KML'));
  const [kmlRoot, kmlName, kmlPoints] = await parseXml(page, kml.text, 'when', 'Document > name');
  expect([kmlRoot, kmlName]).toEqual(['kml', vehicleNumber]);
  expect(kmlPoints).toBeGreaterThanOrEqual(gpxPoints);

  const geo = await download(
    page,
    x.as.replace('{{what}}', x.period).replace('{{format}}', 'GeoJSON'),
  );
  const collection = JSON.parse(geo.text);
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.metadata.vehicleNumber).toBe(vehicleNumber);
  expect(collection.features.length).toBeGreaterThan(0);

  // the replayed trip (the first of the list)
  const trip = await download(page, x.as.replace('{{what}}', x.trip).replace('{{format}}', 'GPX'));
  expect(trip.name).toMatch(new RegExp(`^${vehicleNumber}-trip-`));
  const [, , tripPoints] = await parseXml(page, trip.text, 'trkpt', 'metadata > name');
  expect(tripPoints).toBeGreaterThan(1);
  expect(tripPoints).toBeLessThanOrEqual(gpxPoints);
  expect(trip.text).toContain('<type>trip</type>');
});
