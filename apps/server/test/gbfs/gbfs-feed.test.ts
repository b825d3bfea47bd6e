// The public GBFS 3.0 feed (docs/open-data.md-4): every file of a published fleet validates against
// MobilityData's published schemas and the validator's cross-file rules; vehicle_status lists
// only what a rider may take (disabled when not rentable), never bikes in transit, out of
// service, riding, stolen or of another fleet, with random ids that change after each trip
// and each displacement beyond 50 m, whatever speed the module reports (ADR 0120);
// an unpublished fleet is 404 everywhere and absent from the manifest; CORS, cache and 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GBFS_FILES, type OpenDataSettings } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike, createBikes, type BikeRow } from '../helpers/bikes';
import { createTrip } from '../helpers/fleet-data';
import type { ApiClient } from '../helpers/api-client';
import { nextSeq, telemetry } from '../helpers/mqtt';
import { writeBatch } from '../../src/ingest/batch-writer';
import { parseUpMessage } from '../../src/ingest/validate';
import { crossFileErrors, schemaErrors } from './gbfs-schemas';

let t: TestServer;
let adminA: ApiClient;
let adminB: ApiClient;
let adminC: ApiClient;
let systemA: string;
let systemB: string;
let systemC: string;
let fleetA: Awaited<ReturnType<typeof createFleetWithUsers>>;
const bikes: Record<string, BikeRow> = {};
const foreignIds: string[] = [];

const settings = (overrides: Partial<OpenDataSettings> = {}): OpenDataSettings => ({
  published: true,
  name: 'Vélos de Lyon',
  operator: 'VFM Mobility',
  contactEmail: 'open-data@example.com',
  timezone: 'Europe/Paris',
  languages: ['fr', 'en'],
  license: 'CC0-1.0',
  openingHours: 'Mo-Su 06:00-23:00',
  rentalApps: {
    android: {
      storeUri: 'https://play.google.com/store/apps/details?id=dev.vfm.rider',
      discoveryUri: 'vfm-rider://',
    },
  },
  vehicleTypes: [{ model: 'City 28', maxRangeMeters: 60_000 }],
  defaultRangeMeters: 40_000,
  ...overrides,
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { headers });
const feed = async (system: string, file: string) => {
  const res = await get(`/gbfs/v3/${system}/${file}.json`);
  expect(res.status, `${file}: ${res.status}`).toBe(200);
  return res.json() as Promise<any>;
};

beforeAll(async () => {
  t = await startTestServer();
  const a = (fleetA = await createFleetWithUsers(t));
  const b = await createFleetWithUsers(t);
  const c = await createFleetWithUsers(t);
  adminA = t.api({ token: a.adminToken });
  adminB = t.api({ token: b.adminToken });
  adminC = t.api({ token: c.adminToken });
  const old = new Date(Date.now() - 30 * 24 * 3600_000);
  const cases: Record<string, Record<string, unknown>> = {
    available: { latitude: 45.764043123456, longitude: 4.835659987654, bike_battery_level: 80 },
    otherModel: { model: 'Cargo', bike_battery_level: 50 },
    lowBattery: { bike_battery_level: 10 },
    inOperation: { availability: 'IN_OPERATION' },
    locked: { assistance_locked: true },
    transit: { availability: 'TRANSIT' },
    out: { availability: 'OUT' },
    stolen: { theft_state: 'REPORTED', theft_since: new Date() },
    suspected: { theft_state: 'SUSPECTED', suspected_theft_since: new Date() },
    riding: { status: 'MOVING', trip_started_at: new Date() },
    silent: { last_communication_date: old, last_position_date: old },
    nowhere: { latitude: null, longitude: null },
  };
  for (const [name, columns] of Object.entries(cases)) {
    bikes[name] = await createBike(t, a.fleet, columns);
  }
  const foreign = await createBike(t, b.fleet, { latitude: 45.1, longitude: 4.1 });
  const [row] = await t.server.database.query<{ id: string }>(
    'SELECT gbfs_vehicle_id::text AS id FROM bike WHERE id = $1',
    [foreign.id],
  );
  foreignIds.push(row!.id);
  const saveA = await adminA.put('fleet/open-data', settings());
  expect(saveA.status, saveA.text).toBe(200);
  systemA = saveA.body.systemId;
  systemB = (await adminB.put('fleet/open-data', settings({ name: 'Other' }))).body.systemId;
  // C saved its settings but never published
  systemC = (await adminC.put('fleet/open-data', settings({ published: false }))).body.systemId;
});
afterAll(() => t.close());

describe('GBFS feed of a published fleet', () => {
  it('validates every file against the GBFS 3.0 schemas and the cross-file rules', async () => {
    const manifest = (await (await get('/gbfs/v3/manifest.json')).json()) as any;
    expect(schemaErrors('manifest', manifest)).toEqual([]);
    const gbfs = await feed(systemA, 'gbfs');
    expect(schemaErrors('gbfs', gbfs)).toEqual([]);
    expect(gbfs.data.feeds.map((f: { name: string }) => f.name).sort()).toEqual(
      GBFS_FILES.filter((f) => f !== 'gbfs').sort(),
    );
    const documents: Record<string, any> = {};
    for (const { name, url } of gbfs.data.feeds as Array<{ name: string; url: string }>) {
      expect(url).toBe(`http://vfm.test/gbfs/v3/${systemA}/${name}.json`);
      documents[name] = await feed(systemA, name);
      expect(schemaErrors(name, documents[name]), name).toEqual([]);
      expect(documents[name].version).toBe('3.0');
    }
    expect(
      crossFileErrors(
        documents.vehicle_types.data.vehicle_types,
        documents.vehicle_status.data.vehicles,
      ),
    ).toEqual([]);
    const info = documents.system_information.data;
    expect(info).toMatchObject({
      system_id: systemA,
      languages: ['fr', 'en'],
      name: [
        { text: 'Vélos de Lyon', language: 'fr' },
        { text: 'Vélos de Lyon', language: 'en' },
      ],
      license_id: 'CC0-1.0',
      timezone: 'Europe/Paris',
      opening_hours: 'Mo-Su 06:00-23:00',
      feed_contact_email: 'open-data@example.com',
      manifest_url: 'http://vfm.test/gbfs/v3/manifest.json',
      rental_apps: { android: { discovery_uri: 'vfm-rider://' } },
    });
    expect(documents.geofencing_zones.data).toEqual({
      geofencing_zones: { type: 'FeatureCollection', features: [] },
      global_rules: [
        { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true },
      ],
    });
    const ranges = Object.fromEntries(
      documents.vehicle_types.data.vehicle_types.map((type: any) => [
        type.name[0].text,
        type.max_range_meters,
      ]),
    );
    expect(ranges).toEqual({ 'City 28': 60_000, Cargo: 40_000 });
    // a licence given as an address is license_url
    await adminB.put('fleet/open-data', settings({ license: 'https://example.com/licence' }));
    const infoB = await feed(systemB, 'system_information');
    expect(schemaErrors('system_information', infoB)).toEqual([]);
    expect(infoB.data.license_url).toBe('https://example.com/licence');
  });

  it('publishes the zones that apply now, most restrictive first, by the right-hand rule', async () => {
    const square = (west: number, south: number, size: number, clockwise = false) => {
      const ring = [
        [west, south],
        [west + size, south],
        [west + size, south + size],
        [west, south + size],
        [west, south],
      ];
      return { type: 'Polygon', coordinates: [clockwise ? ring.reverse() : ring] };
    };
    const create = async (body: Record<string, unknown>) => {
      const res = await adminB.post('zones', body);
      expect(res.status, res.text).toBe(201);
    };
    // drawn clockwise: GBFS wants outer rings counterclockwise
    await create({ name: 'Lyon', type: 'SERVICE_AREA', geometry: square(4.7, 45.6, 0.3, true) });
    await create({
      name: 'Quais',
      type: 'SLOW',
      geometry: square(4.8, 45.7, 0.01),
      maxSpeedKmh: 12,
    });
    await create({ name: 'Parc', type: 'NO_RIDE', geometry: square(4.85, 45.75, 0.01) });
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short' })
      .format(new Date())
      .toUpperCase();
    const otherDay = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].find(
      (d) => !d.startsWith(today.slice(0, 3)),
    )!;
    await create({
      name: 'Marché',
      type: 'NO_PARKING',
      geometry: square(4.83, 45.76, 0.005),
      activeHours: { from: '00:00', to: '23:59', days: [otherDay], timeZone: 'Europe/Paris' },
    });
    // the files are kept for their ttl: a settings save starts them again
    await adminB.put('fleet/open-data', settings({ name: 'Other', languages: ['en'] }));
    const file = await feed(systemB, 'geofencing_zones');
    expect(schemaErrors('geofencing_zones', file)).toEqual([]);
    const features = file.data.geofencing_zones.features as any[];
    expect(features.map((f) => f.properties.name[0])).toEqual([
      { text: 'Parc', language: 'en' },
      { text: 'Quais', language: 'en' },
      { text: 'Lyon', language: 'en' },
    ]);
    expect(features.map((f) => f.properties.rules[0])).toEqual([
      { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: false },
      {
        ride_start_allowed: true,
        ride_end_allowed: true,
        ride_through_allowed: true,
        maximum_speed_kph: 12,
      },
      { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true },
    ]);
    // outside the service area: a ride may pass, not start nor end
    expect(file.data.global_rules).toEqual([
      { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true },
    ]);
    for (const feature of features) {
      expect(feature.geometry.type).toBe('MultiPolygon');
      const outer = feature.geometry.coordinates[0][0] as number[][];
      let area = 0;
      for (let i = 0; i < outer.length - 1; i += 1)
        area += outer[i]![0]! * outer[i + 1]![1]! - outer[i + 1]![0]! * outer[i]![1]!;
      expect(area, feature.properties.name[0].text).toBeGreaterThan(0);
    }
  });

  it('lists what a rider may take, disables what is not rentable, hides the rest', async () => {
    const status = await feed(systemA, 'vehicle_status');
    const vehicles = status.data.vehicles as any[];
    const ids = await feedIds();
    const byBike = (name: string) => vehicles.find((v) => v.vehicle_id === ids[name]);
    expect(byBike('available')).toMatchObject({
      is_disabled: false,
      is_reserved: false,
      lat: 45.764043,
      lon: 4.83566,
      current_fuel_percent: 0.8,
      current_range_meters: 48_000,
    });
    expect(byBike('available').last_reported).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(byBike('otherModel')).toMatchObject({
      is_disabled: false,
      current_range_meters: 20_000,
    });
    for (const name of ['lowBattery', 'inOperation', 'locked']) {
      expect(byBike(name), name).toMatchObject({ is_disabled: true });
    }
    for (const name of ['transit', 'out', 'stolen', 'suspected', 'riding', 'silent', 'nowhere']) {
      expect(byBike(name), name).toBeUndefined();
    }
    expect(vehicles).toHaveLength(5);
    for (const vehicle of vehicles) {
      expect(foreignIds).not.toContain(vehicle.vehicle_id);
      for (const coordinate of [vehicle.lat, vehicle.lon]) {
        expect(String(coordinate).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
      }
    }
    // nothing of VFM's identifiers leaves: not a number, code, module or database id
    const text = JSON.stringify(status);
    for (const bike of Object.values(bikes)) {
      for (const secret of [bike.vehicleNumber, bike.bikeCode, bike.moduleId]) {
        expect(text).not.toContain(secret);
      }
    }
    const fleetIds = await t.server.database.query<{ id: string }>('SELECT id::text FROM fleet');
    for (const { id } of fleetIds)
      expect(JSON.stringify(await feed(systemA, 'system_information'))).not.toContain(id);
    expect(systemA).not.toContain(fleetIds[0]!.id);
  });

  it('gives a bike a new random vehicle_id after a trip (and when it starts moving)', async () => {
    const before = (await feedIds()).available!;
    await createTrip(t, bikes.available!, new Date(Date.now() - 3600_000));
    const afterTrip = (await feedIds()).available!;
    expect(afterTrip).not.toBe(before);
    await t.server.database.query(`UPDATE bike SET status = 'MOVING' WHERE id = $1`, [
      bikes.available!.id,
    ]);
    await t.server.database.query(`UPDATE bike SET status = 'PARKED' WHERE id = $1`, [
      bikes.available!.id,
    ]);
    const afterRide = (await feedIds()).available!;
    expect(afterRide).not.toBe(afterTrip);
    // the feed shows the new id once its ttl (30 s) has passed
    t.clock.advance(31_000);
    const vehicles = (await feed(systemA, 'vehicle_status')).data.vehicles as any[];
    expect(vehicles.map((v) => v.vehicle_id)).toContain(afterRide);
    expect(vehicles.map((v) => v.vehicle_id)).not.toContain(before);
  });

  it('gives a bike moved with no reported speed a new vehicle_id, not one jittering in place', async () => {
    const at = { lat: 45.75, lon: 4.85 };
    const bike = await createBike(t, fleetA.fleet, {
      latitude: at.lat,
      longitude: at.lon,
      bike_battery_level: 80,
    });
    const idOf = async () =>
      (
        await t.server.database.query<{ id: string }>(
          'SELECT gbfs_vehicle_id::text AS id FROM bike WHERE id = $1',
          [bike.id],
        )
      )[0]!.id;
    /** a telemetry of the module, through the ingest's own validation and writer */
    const report = async (north: number, overrides: Record<string, unknown> = {}) => {
      const now = new Date();
      const message = telemetry({
        seq: nextSeq(),
        ts: now.toISOString(),
        lat: at.lat + north / 111_195,
        lon: at.lon,
        ...overrides,
      });
      const parsed = parseUpMessage('telemetry', Buffer.from(JSON.stringify(message)), now);
      if (!parsed.ok) throw new Error(parsed.reason);
      await t.server.database.transaction((tx) =>
        writeBatch(
          tx,
          [{ moduleId: bike.moduleId, kind: 'telemetry', message: parsed.message, ts: parsed.ts }],
          { now, resendBefore: now },
        ),
      );
    };
    const placed = await idOf();
    // GPS jitter of a standing bike: 10 m, back, 10 m the other way — the same id
    await report(10);
    await report(-10, { speedKmh: undefined });
    await report(0);
    expect(await idOf()).toBe(placed);
    // carried 500 m with speed 0: a new id
    await report(500);
    const moved = await idOf();
    expect(moved).not.toBe(placed);
    // jitter at the new place keeps it
    await report(508);
    expect(await idOf()).toBe(moved);
    // then 500 m further with no speed at all: a new one again
    await report(1000, { speedKmh: undefined });
    const again = await idOf();
    expect(again).not.toBe(moved);
    // dragged in steps of 30 m (each under the threshold): renewed once 50 m from where the id
    // was issued, not never
    await report(1030);
    expect(await idOf()).toBe(again);
    await report(1060);
    expect(await idOf()).not.toBe(again);
    const [row] = await t.server.database.query<{ status: string; trip_count: number }>(
      'SELECT status, trip_count FROM bike WHERE id = $1',
      [bike.id],
    );
    // no ride was seen: only the displacement renewed it
    expect(row).toMatchObject({ status: 'PARKED', trip_count: 0 });
    // the feed lists it under its latest id once its ttl (30 s) has passed
    t.clock.advance(31_000);
    const ids = ((await feed(systemA, 'vehicle_status')).data.vehicles as any[]).map(
      (v) => v.vehicle_id,
    );
    expect(ids).toContain(await idOf());
    for (const old of [placed, moved, again]) expect(ids).not.toContain(old);
  });

  it('answers with CORS open, Cache-Control = ttl and an ETag, and 304 when unchanged', async () => {
    for (const file of GBFS_FILES) {
      const res = await get(`/gbfs/v3/${systemA}/${file}.json`);
      const body = (await res.json()) as { ttl: number };
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${body.ttl}`);
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(`/gbfs/v3/${systemA}/${file}.json`, { 'if-none-match': etag });
      expect(again.status, file).toBe(304);
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
    }
    const manifest = await get('/gbfs/v3/manifest.json');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const etag = manifest.headers.get('etag')!;
    expect((await get('/gbfs/v3/manifest.json', { 'if-none-match': etag })).status).toBe(304);
    const preflight = await fetch(`${t.url}/gbfs/v3/manifest.json`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('a large feed', () => {
  it('is served gzipped from the cache, built once per ttl', async () => {
    const big = await createFleetWithUsers(t);
    await createBikes(t, big.fleet, 300);
    const admin = t.api({ token: big.adminToken });
    const system = (await admin.put('fleet/open-data', settings())).body.systemId;
    const path = `/gbfs/v3/${system}/vehicle_status.json`;
    const res = await get(path, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding'), JSON.stringify([...res.headers])).toBe('gzip');
    const status = (await res.json()) as any;
    expect(schemaErrors('vehicle_status', status)).toEqual([]);
    expect(status.data.vehicles).toHaveLength(300);
    // within the ttl a new bike is not there yet (the cached file), after it, it is
    await createBike(t, big.fleet);
    const cached = (await (await get(path)).json()) as any;
    // (said in full if it fails: it did once on a loaded machine, not seen since)
    expect(
      cached.data.vehicles,
      `cached ${cached.last_updated}, first ${status.last_updated}, clock ${t.clock.now().toISOString()}`,
    ).toHaveLength(300);
    expect(cached.last_updated).toBe(status.last_updated);
    t.clock.advance(31_000);
    const fresh = (await (await get(path, { 'accept-encoding': 'identity' })).json()) as any;
    expect(fresh.data.vehicles).toHaveLength(301);
  });
});

describe('GBFS feed of an unpublished fleet, and bad addresses', () => {
  it('lists only published fleets in the manifest', async () => {
    const manifest = (await (await get('/gbfs/v3/manifest.json')).json()) as any;
    const systems = manifest.data.datasets.map((d: { system_id: string }) => d.system_id);
    expect(systems).toEqual(expect.arrayContaining([systemA, systemB]));
    expect(systems).not.toContain(systemC);
  });

  it('answers 404 problem+json for every file of an unpublished fleet', async () => {
    for (const file of GBFS_FILES) {
      const res = await get(`/gbfs/v3/${systemC}/${file}.json`);
      expect(res.status, file).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('unpublishing takes the fleet out at once; publishing again brings it back', async () => {
    await adminB.put('fleet/open-data', settings({ published: false }));
    expect((await get(`/gbfs/v3/${systemB}/vehicle_status.json`)).status).toBe(404);
    const manifest = (await (await get('/gbfs/v3/manifest.json')).json()) as any;
    expect(manifest.data.datasets.map((d: any) => d.system_id)).not.toContain(systemB);
    const again = await adminB.put('fleet/open-data', settings());
    expect(again.body.systemId).toBe(systemB);
    expect((await get(`/gbfs/v3/${systemB}/vehicle_status.json`)).status).toBe(200);
  });

  it('never answers a bad address with anything but 404', async () => {
    const paths = [
      '/gbfs/v3/unknown-system/gbfs.json',
      `/gbfs/v3/${systemA}/station_status.json`,
      `/gbfs/v3/${systemA}/vehicle_status`,
      `/gbfs/v3/${systemA.toUpperCase()}/gbfs.json`,
      `/gbfs/v3/${'x'.repeat(300)}/gbfs.json`,
      '/gbfs/v3/%00/gbfs.json',
      "/gbfs/v3/a'%20OR%201=1--/gbfs.json",
      '/gbfs/v3/..%2F..%2Fetc/passwd',
      `/gbfs/v3/${systemA}/gbfs.json/extra`,
      '/gbfs/v2/manifest.json',
      '/gbfs',
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/application\/problem\+json/);
    }
  });
});

/** The current feed id of each named bike (from the database: the cache is not involved). */
async function feedIds(): Promise<Record<string, string>> {
  const rows = await t.server.database.query<{ id: number; vid: string }>(
    'SELECT id, gbfs_vehicle_id::text AS vid FROM bike WHERE id = ANY($1::bigint[])',
    [Object.values(bikes).map((bike) => bike.id)],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row.vid]));
  return Object.fromEntries(
    Object.entries(bikes).map(([name, bike]) => [name, byId.get(Number(bike.id))!]),
  );
}
