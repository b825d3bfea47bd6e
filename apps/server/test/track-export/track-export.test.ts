// Trip and track export (ADR 0095): GET products/export/{vehicleNumber} answers a
// bike's stored positions of a period, or of one trip, as GPX, KML or GeoJSON, with the bike and
// the times in the file's metadata, a new segment after each pause; the files parse back (XML
// by a strict parser, saxes) with every position in order; a month of positions streams across the
// database batches; bad input, another fleet's bike and unknown trips are 4xx problem+json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_SIZE } from '../../src/modules/track-export/service';
import type { ApiClient } from '../helpers/api-client';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createFleetWithUsers } from '../helpers/factories';
import { createTrip } from '../helpers/fleet-data';
import { startTestServer, type TestServer } from '../helpers/server';
import { all, first, parseXml } from '../helpers/xml';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestServer;
let api: ApiClient;
let other: ApiClient;
let bike: BikeRow;
let monthBike: BikeRow;
let foreignBike: BikeRow;
/** two rides: 30 positions a minute apart, a 2-hour pause, 20 positions 30 s apart */
const T0 = new Date(Date.UTC(2026, 9, 1, 8, 0, 0));
const rideA = Array.from({ length: 30 }, (_, i) => ({
  lon: 4.83 + i * 0.001,
  lat: 45.75 + i * 0.0005,
  ms: T0.getTime() + i * MINUTE,
}));
const rideB = Array.from({ length: 20 }, (_, i) => ({
  lon: 4.9 - i * 0.001,
  lat: 45.77,
  ms: T0.getTime() + 2.5 * 60 * MINUTE + i * 30_000,
}));

async function storePositions(
  target: BikeRow,
  points: Array<{ lon: number; lat: number; ms: number }>,
) {
  await t.server.database.query(
    `INSERT INTO telemetry (bike_id, seq, ts, longitude, latitude, speed_kmh)
     SELECT $1, p.seq, to_timestamp(p.ms / 1000.0), p.lng, p.lat, 15
       FROM unnest($2::float8[], $3::float8[], $4::float8[], $5::bigint[]) AS p(lng, lat, ms, seq)`,
    [
      target.id,
      points.map((p) => p.lon),
      points.map((p) => p.lat),
      points.map((p) => p.ms),
      points.map((_, i) => i + 1),
    ],
  );
}

const xml = parseXml;
const period = { from: T0.toISOString(), to: new Date(T0.getTime() + DAY).toISOString() };
const download = (format: string, query: Record<string, string> = period, who = api) =>
  who.get(`products/export/${bike.vehicleNumber}`, { query: { format, ...query } });

beforeAll(async () => {
  t = await startTestServer();
  const cast = await createFleetWithUsers(t);
  api = t.api({ token: cast.managerToken });
  const otherCast = await createFleetWithUsers(t);
  other = t.api({ token: otherCast.managerToken });
  bike = await createBike(t, cast.fleet, { vehicle_number: 'EXP-1' });
  monthBike = await createBike(t, cast.fleet, { vehicle_number: 'EXP-MONTH' });
  foreignBike = await createBike(t, otherCast.fleet, { vehicle_number: 'EXP-F' });
  await storePositions(bike, [...rideA, ...rideB]);
  // a position without coordinates is left out
  await t.server.database.query(`INSERT INTO telemetry (bike_id, seq, ts) VALUES ($1, 999, $2)`, [
    bike.id,
    new Date(T0.getTime() + 40 * MINUTE),
  ]);
  await createTrip(t, bike, T0, { ended_at: new Date(T0.getTime() + 29 * MINUTE) });
  // a month of positions every 5 minutes, more than one database batch
  await t.server.database.query(
    `INSERT INTO telemetry (bike_id, seq, ts, longitude, latitude)
     SELECT $1, n, $2::timestamptz + n * interval '5 minutes', 4.8 + (n % 100) * 0.0001, 45.7
       FROM generate_series(0, 8927) AS n`,
    [monthBike.id, T0],
  );
});
afterAll(() => t.close());

describe('GET products/export/{vehicleNumber}', () => {
  it('answers GPX 1.1: the bike and the times in the metadata, a segment per ride, every position', async () => {
    const res = await download('gpx');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="EXP-1-2026-10-01_2026-10-02.gpx"',
    );
    const doc = xml(res.text);
    expect([doc.name, doc.uri]).toEqual(['gpx', 'http://www.topografix.com/GPX/1/1']);
    expect(first(doc, 'metadata', 'name').text).toBe('EXP-1');
    expect(first(doc, 'metadata', 'desc').text).toBe(
      `Positions of bike EXP-1 from ${period.from} to ${period.to}`,
    );
    expect(first(doc, 'metadata', 'time').text).toMatch(/^\d{4}-\d\d-\d\dT/);
    const segments = all(doc, 'trkseg');
    expect(segments.map((s) => all(s, 'trkpt').length)).toEqual([30, 20]);
    const point = all(doc, 'trkpt')[0]!;
    expect([Number(point.attributes.lat), Number(point.attributes.lon)]).toEqual([45.75, 4.83]);
    const times = all(doc, 'trkpt').map((e) => Date.parse(first(e, 'time').text));
    expect(times).toEqual([...rideA, ...rideB].map((p) => p.ms));
  });

  it('answers KML 2.2 with a timed gx:Track per ride and the bike in ExtendedData', async () => {
    const res = await download('kml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.google-earth.kml+xml; charset=utf-8',
    );
    const doc = xml(res.text);
    expect(first(doc, 'Document', 'name').text).toBe('EXP-1');
    const data = Object.fromEntries(
      all(doc, 'Data').map((d) => [d.attributes.name, first(d, 'value').text]),
    );
    expect(data).toMatchObject({ vehicleNumber: 'EXP-1', from: period.from, to: period.to });
    expect(first(doc, 'Document', 'TimeSpan', 'begin').text).toBe(period.from);
    const placemarks = all(doc, 'Placemark');
    expect(placemarks).toHaveLength(2);
    const gx = 'http://www.google.com/kml/ext/2.2';
    const counts = placemarks.map((p) => [all(p, 'when').length, all(p, 'coord', gx).length]);
    expect(counts).toEqual([
      [30, 30],
      [20, 20],
    ]);
    expect(all(doc, 'coord', gx)[0]!.text).toBe('4.83 45.75 0');
  });

  it('answers GeoJSON: a LineString per ride with its times, the export in `metadata`', async () => {
    const res = await download('geojson');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const body = JSON.parse(res.text);
    expect(body.type).toBe('FeatureCollection');
    expect(body.metadata).toMatchObject({
      vehicleNumber: 'EXP-1',
      from: period.from,
      to: period.to,
      tripStartedAt: null,
    });
    expect(body.features).toHaveLength(2);
    const [a, b] = body.features;
    expect(a.geometry.type).toBe('LineString');
    expect(a.geometry.coordinates[0]).toEqual([4.83, 45.75]);
    expect(a.geometry.coordinates).toHaveLength(30);
    expect(b.geometry.coordinates).toHaveLength(20);
    expect(a.properties).toMatchObject({
      vehicleNumber: 'EXP-1',
      segment: 1,
      startedAt: new Date(rideA[0]!.ms).toISOString(),
      endedAt: new Date(rideA.at(-1)!.ms).toISOString(),
    });
    expect(b.properties.coordTimes).toHaveLength(20);
  });

  it('exports one trip, named by its start, with the trip in the metadata', async () => {
    const res = await download('gpx', { trip: T0.toISOString() });
    expect(res.status, res.text).toBe(200);
    const doc = xml(res.text);
    expect(all(doc, 'trkpt')).toHaveLength(30);
    expect(first(doc, 'trk', 'type').text).toBe('trip');
    expect(first(doc, 'metadata', 'desc').text).toMatch(/^Trip of bike EXP-1 from /);
    expect(res.headers.get('content-disposition')).toContain('EXP-1-trip-2026-10-01');
    const geo = JSON.parse((await download('geojson', { trip: T0.toISOString() })).text);
    expect(geo.metadata.tripStartedAt).toBe(T0.toISOString());
    const missing = await download('gpx', { trip: new Date(T0.getTime() + 1000).toISOString() });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('TRIP_NOT_FOUND');
  });

  it('streams a month of positions across database batches, every position once and in order', async () => {
    const res = await api.get(`products/export/${monthBike.vehicleNumber}`, {
      query: {
        format: 'geojson',
        from: T0.toISOString(),
        to: new Date(T0.getTime() + 31 * DAY).toISOString(),
      },
    });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text);
    const times: string[] = body.features.flatMap(
      (f: { properties: { coordTimes: string[] } }) => f.properties.coordTimes,
    );
    expect(8928).toBeGreaterThan(EXPORT_BATCH_SIZE);
    // one segment; each piece after the first repeats the last point of the one before
    expect(
      new Set(body.features.map((f: { properties: { segment: number } }) => f.properties.segment)),
    ).toEqual(new Set([1]));
    expect(body.features.length).toBe(Math.ceil(8928 / EXPORT_BATCH_SIZE));
    const distinct = [...new Set(times)];
    expect(distinct).toHaveLength(8928);
    expect(distinct).toEqual([...distinct].sort());
    const gpx = await api.get(`products/export/${monthBike.vehicleNumber}`, {
      query: {
        format: 'gpx',
        from: T0.toISOString(),
        to: new Date(T0.getTime() + 31 * DAY).toISOString(),
      },
    });
    expect(all(xml(gpx.text), 'trkpt')).toHaveLength(8928);
  });

  it('answers an empty but valid file for a period without positions', async () => {
    const res = await download('gpx', {
      from: new Date(T0.getTime() - 2 * DAY).toISOString(),
      to: new Date(T0.getTime() - DAY).toISOString(),
    });
    expect(res.status).toBe(200);
    expect(all(xml(res.text), 'trkpt')).toHaveLength(0);
    const geo = await download('geojson', {
      from: new Date(T0.getTime() - 2 * DAY).toISOString(),
      to: new Date(T0.getTime() - DAY).toISOString(),
    });
    expect(JSON.parse(geo.text).features).toEqual([]);
  });

  it('refuses bad input with a 400 problem+json naming the field', async () => {
    for (const [query, field] of [
      [{ format: 'shp' }, 'format'],
      [{}, 'format'],
      [{ format: 'gpx', from: period.to, to: period.from }, 'from'],
      [
        {
          format: 'gpx',
          from: T0.toISOString(),
          to: new Date(T0.getTime() + 94 * DAY).toISOString(),
        },
        'to',
      ],
      [{ format: 'gpx', from: 'yesterday' }, 'from'],
      [{ format: 'gpx', trip: 'x' }, 'trip'],
      [{ format: 'gpx', limit: '5' }, null],
    ] as const) {
      const res = await api.get(`products/export/${bike.vehicleNumber}`, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      if (field) expect(JSON.stringify(res.body.errors ?? res.body.detail)).toContain(field);
    }
  });

  it("keeps another fleet's bike out (404) and asks for a signed-in caller (401)", async () => {
    const foreign = await api.get(`products/export/${foreignBike.vehicleNumber}`, {
      query: { format: 'gpx' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('BIKE_NOT_FOUND');
    const fromOther = await download('gpx', period, other);
    expect(fromOther.status).toBe(404);
    expect(fromOther.text).not.toContain('45.75');
    const anonymous = await t.api().get(`products/export/${bike.vehicleNumber}`, {
      query: { format: 'gpx' },
    });
    expect(anonymous.status).toBe(401);
  });
});
