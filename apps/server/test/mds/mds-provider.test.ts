// The MDS 2.0 Provider API (docs/open-data.md-7): every operation's 200 answer validates against the
// published provider.yaml (OpenAPI 3.1, $refs resolved across models/); the token endpoint
// follows RFC 6749 §4.4; a city client sees only its fleet; bad input, bad tokens, other
// fleets' tokens and revoked clients get the spec's status and a problem, never data; every
// pull is in the access log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MDS_CONTENT_TYPE } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createEvent, createTrip } from '../helpers/fleet-data';
import type { ApiClient } from '../helpers/api-client';
import { purgeMdsAccessLog } from '../../src/modules/city-access/maintenance';
import { MDS_OPERATIONS, mdsSchemaErrors } from './mds-schemas';

let t: TestServer;
let adminA: ApiClient;
let adminB: ApiClient;
let adminTokenA: string;
const secrets: Record<string, { clientId: string; clientSecret: string; id: string }> = {};
const bikes: Record<string, BikeRow> = {};
let foreignDevice: string;
let tokenA: string;
let tokenB: string;

const ACCEPT = 'application/vnd.mds+json;version=2.0';
const HOUR_MS = 3_600_000;
/** an hour well in the past: three hours ago, from its start */
const hourStart = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS);
const hourName = hourStart.toISOString().slice(0, 13);
const inHour = (minutes: number) => new Date(hourStart.getTime() + minutes * 60_000);

const mds = (path: string, token: string | null, accept: string | null = ACCEPT) =>
  fetch(`${t.url}/mds/v2${path}`, {
    headers: {
      ...(accept ? { accept } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
const pull = async (path: string, token = tokenA) => {
  const res = await mds(path, token);
  const body = (await res.json()) as any;
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  expect(res.headers.get('content-type')).toBe(MDS_CONTENT_TYPE);
  return body;
};
const requestToken = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/mds/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
async function tokenOf(name: string): Promise<string> {
  const { clientId, clientSecret } = secrets[name]!;
  const res = await requestToken({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.access_token;
}
async function deviceOf(bike: BikeRow): Promise<string> {
  const [row] = await t.server.database.query<{ id: string }>(
    'SELECT mds_device_id::text AS id FROM bike WHERE id = $1',
    [bike.id],
  );
  return row!.id;
}

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  adminA = t.api({ token: a.adminToken });
  adminB = t.api({ token: b.adminToken });
  adminTokenA = a.adminToken;
  for (const [name, admin] of [
    ['a', adminA],
    ['a2', adminA],
    ['b', adminB],
  ] as const) {
    const res = await admin.post('fleet/city-clients', { name: `City ${name}` });
    expect(res.status, res.text).toBe(201);
    secrets[name] = { ...res.body.client, clientSecret: res.body.clientSecret };
  }
  const cases: Record<string, Record<string, unknown>> = {
    available: { bike_battery_level: 80, speed_limit: 25 },
    riding: { status: 'MOVING', trip_started_at: new Date(Date.now() - 60_000) },
    out: { availability: 'OUT' },
    transit: { availability: 'TRANSIT' },
    inOperation: { availability: 'IN_OPERATION' },
    stolen: { theft_state: 'REPORTED', theft_since: new Date() },
    lowBattery: { bike_battery_level: 5 },
    locked: { assistance_locked: true },
    silent: { last_communication_date: new Date(Date.now() - 30 * 24 * HOUR_MS) },
    nowhere: { latitude: null, longitude: null, last_position_date: null },
  };
  for (const [name, columns] of Object.entries(cases)) {
    bikes[name] = await createBike(t, a.fleet, columns);
  }
  const place = {
    start_latitude: 45.75,
    start_longitude: 4.85,
    end_latitude: 45.76,
    end_longitude: 4.84,
  };
  await createTrip(t, bikes.available!, inHour(5), { ...place, ended_at: inHour(25) });
  await createTrip(t, bikes.lowBattery!, inHour(-30), { ...place, ended_at: inHour(10) });
  // a trip VFM could not place is left out (MDS requires both locations)
  await createTrip(t, bikes.locked!, inHour(30), { ended_at: inHour(40) });
  for (let i = 0; i < 4; i++) {
    await t.server.database.query(
      `INSERT INTO telemetry (bike_id, seq, ts, latitude, longitude, speed_kmh, bike_battery)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [bikes.available!.id, 100 + i, inHour(6 + i * 5), 45.75 + i / 1000, 4.85, 15, 80 - i],
    );
  }
  await t.server.database.query(
    'INSERT INTO telemetry (bike_id, seq, ts, latitude, longitude) VALUES ($1, 1, $2, 45.7, 4.8)',
    [bikes.out!.id, inHour(50)],
  );
  await createEvent(t, bikes.out!, {
    name: 'AVAILABILITY_CHANGED',
    type: 'OTHER',
    source: 'MANAGER',
    data: JSON.stringify({ from: 'AVAILABLE', to: 'OUT' }),
    occurred_at: inHour(45),
  });
  await createEvent(t, bikes.stolen!, {
    name: 'THEFT_DECLARED',
    source: 'MANAGER',
    occurred_at: inHour(20),
  });
  await createEvent(t, bikes.available!, { name: 'ALARM_TRIGGERED', occurred_at: inHour(21) });
  await createEvent(t, bikes.nowhere!, { name: 'THEFT_DECLARED', occurred_at: inHour(22) });
  // alerts: a module silent then heard again, a battery low (a manual clear says nothing)
  await t.server.database.query(
    `INSERT INTO alert (fleet_id, bike_id, kind, opened_at, cleared_at, clear_cause) VALUES
       ($1, $2, 'LACK_MODULE_COMM', $4, $5, 'CONDITION_ENDED'),
       ($1, $3, 'LOW_VEHICLE_BATTERY', $6, $7, 'MANUAL'),
       ($1, $3, 'REPORTED_THEFT', $6, NULL, NULL)`,
    [
      a.fleet.id,
      bikes.silent!.id,
      bikes.lowBattery!.id,
      inHour(-120),
      inHour(33),
      inHour(35),
      inHour(36),
    ],
  );
  const foreign = await createBike(t, b.fleet);
  foreignDevice = await deviceOf(foreign);
  await createTrip(t, foreign, inHour(1), { ...place, ended_at: inHour(2) });
  tokenA = await tokenOf('a');
  tokenB = await tokenOf('b');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the token endpoint (RFC 6749 §4.4)', () => {
  it('issues a one-hour bearer token for a form or HTTP Basic, refuses others', async () => {
    const { clientId, clientSecret } = secrets.a!;
    const res = await requestToken({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as any;
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
    });
    const payload = JSON.parse(
      Buffer.from(body.access_token.split('.')[1], 'base64url').toString(),
    );
    expect(payload.provider_id).toMatch(/^[0-9a-f-]{36}$/);

    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const viaBasic = await requestToken(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(viaBasic.status).toBe(200);

    const wrong = await requestToken({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client' });
    const unknown = await requestToken({
      grant_type: 'client_credentials',
      client_id: 'who',
      client_secret: 'x',
    });
    expect(unknown.status).toBe(401);
    const grant = await requestToken({
      grant_type: 'password',
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({ error: 'unsupported_grant_type' });
    const json = await fetch(`${t.url}/mds/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(json.status).toBeLessThan(500);
  });

  it('the secret is stored hashed and never listed', async () => {
    const [row] = await t.server.database.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM mds_client WHERE client_id = $1',
      [secrets.a!.clientId],
    );
    expect(row!.secret_hash).toMatch(/^\$argon2id\$/);
    const list = await adminA.get('fleet/city-clients');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(secrets.a!.clientSecret);
    expect(list.body.clients.map((c: any) => c.clientId).sort()).toEqual(
      [secrets.a!.clientId, secrets.a2!.clientId].sort(),
    );
    expect(list.body.tokenUrl).toBe('http://vfm.test/mds/v2/token');
  });
});

describe('every operation validates against provider.yaml', () => {
  it('answers each operation with a valid 200 of the client fleet only', async () => {
    const device = await deviceOf(bikes.available!);
    const paths: Record<(typeof MDS_OPERATIONS)[number], string> = {
      '/vehicles': '/vehicles',
      '/vehicles/{device_id}': `/vehicles/${device}`,
      '/vehicles/status': '/vehicles/status',
      '/vehicles/status/{device_id}': `/vehicles/status/${device}`,
      '/trips': `/trips?end_time=${hourName}`,
      '/telemetry': `/telemetry?telemetry_time=${hourName}`,
      '/events/historical': `/events/historical?event_time=${hourName}`,
      '/events/recent': `/events/recent?start_time=${hourStart.getTime()}&end_time=${Date.now()}`,
    };
    const bodies: Record<string, any> = {};
    for (const operation of MDS_OPERATIONS) {
      const body = await pull(paths[operation]);
      expect(mdsSchemaErrors(operation, body)).toEqual([]);
      expect(JSON.stringify(body)).not.toContain(foreignDevice);
      bodies[operation] = body;
    }
    expect(bodies['/vehicles'].vehicles).toHaveLength(Object.keys(bikes).length);
    expect(bodies['/vehicles/{device_id}'].vehicles[0]).toMatchObject({
      device_id: device,
      vehicle_type: 'bicycle',
      propulsion_types: ['electric_assist'],
      maximum_speed: 25,
    });
    // the bike without a position has no status; the others map as docs/open-data.md says
    const states = Object.fromEntries(
      bodies['/vehicles/status'].vehicles_status.map((s: any) => [s.device_id, s.last_event]),
    );
    expect(Object.keys(states)).toHaveLength(Object.keys(bikes).length - 1);
    const expected: Record<string, [string, string]> = {
      available: ['available', 'located'],
      riding: ['on_trip', 'trip_start'],
      out: ['removed', 'maintenance_pick_up'],
      transit: ['removed', 'rebalance_pick_up'],
      inOperation: ['non_operational', 'maintenance'],
      stolen: ['missing', 'not_located'],
      lowBattery: ['non_operational', 'battery_low'],
      locked: ['non_operational', 'system_suspend'],
      silent: ['non_contactable', 'comms_lost'],
    };
    for (const [name, [state, type]] of Object.entries(expected)) {
      const event = states[await deviceOf(bikes[name]!)];
      expect(event, name).toMatchObject({ vehicle_state: state, event_types: [type] });
    }
    // trips that ended in the hour, placed: two (the unplaced one is left out), none foreign
    const trips = bodies['/trips'].trips;
    expect(trips).toHaveLength(2);
    expect(trips.find((trip: any) => trip.device_id === device)).toMatchObject({
      start_time: inHour(5).getTime(),
      end_time: inHour(25).getTime(),
      distance: 5000,
      duration: 1200,
    });
    // telemetry: ms timestamps, the trip's id while it rides
    const telemetry = bodies['/telemetry'].telemetry;
    expect(telemetry).toHaveLength(5);
    const riding = telemetry.filter((point: any) => point.device_id === device);
    const tripId = trips.find((trip: any) => trip.device_id === device).trip_id;
    expect(riding.every((point: any) => point.trip_ids?.[0] === tripId)).toBe(true);
    // events: two trip ends and a start in the hour, the availability change, the theft, the
    // module heard again and the battery low; no alarm, no manual clear, no theft alert,
    // nothing of a bike never placed
    const events = bodies['/events/historical'].events;
    const kinds = events.map((e: any) => `${e.vehicle_state}/${e.event_types[0]}`).sort();
    expect(kinds).toEqual(
      [
        'available/comms_restored',
        'available/trip_end',
        'available/trip_end',
        'missing/not_located',
        'non_operational/battery_low',
        'on_trip/trip_start',
        'removed/maintenance_pick_up',
      ].sort(),
    );
    expect(new Set(events.map((e: any) => e.event_id)).size).toBe(events.length);
    // the same records keep their ids from one pull to the next
    const again = await pull(`/events/historical?event_time=${hourName}`);
    expect(again.events.map((e: any) => e.event_id)).toEqual(events.map((e: any) => e.event_id));
  });

  it('client B sees only fleet B', async () => {
    const vehicles = await pull('/vehicles', tokenB);
    expect(vehicles.vehicles.map((v: any) => v.device_id)).toEqual([foreignDevice]);
    const trips = await pull(`/trips?end_time=${hourName}`, tokenB);
    expect(trips.trips).toHaveLength(1);
    const device = await deviceOf(bikes.available!);
    for (const path of [`/vehicles/${device}`, `/vehicles/status/${device}`]) {
      const res = await mds(path, tokenB);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      const body = (await res.json()) as any;
      expect(body.status).toBe(404);
      expect(body.vehicles ?? body.vehicles_status).toBeUndefined();
    }
  });
});

describe('bad input answers the spec status with a problem, never data', () => {
  it('406 for another version or no MDS Accept', async () => {
    for (const accept of [
      null,
      'application/json',
      'application/vnd.mds+json',
      'application/vnd.mds+json;version=1.2',
    ]) {
      const res = await mds('/vehicles', tokenA, accept);
      expect(res.status, String(accept)).toBe(406);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const listed = await mds(
      '/vehicles',
      tokenA,
      'application/json, application/vnd.mds+json; version="2.0"',
    );
    expect(listed.status).toBe(200);
  });

  it('400 for a missing or malformed hour, 404 for a future one, 202 for one just ended', async () => {
    for (const query of [
      '',
      '?end_time=',
      '?end_time=2024-13-01T00',
      '?end_time=2024-02-30T10',
      '?end_time=2024-01-01T24',
      '?end_time=yesterday',
      '?end_time=2024-01-01T10:00',
    ]) {
      const res = await mds(`/trips${query}`, tokenA);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const future = new Date(Date.now() + 2 * HOUR_MS).toISOString().slice(0, 13);
    expect((await mds(`/trips?end_time=${future}`, tokenA)).status).toBe(404);
    expect((await mds(`/telemetry?telemetry_time=${future}`, tokenA)).status).toBe(404);
    const current = new Date().toISOString().slice(0, 13);
    expect((await mds(`/events/historical?event_time=${current}`, tokenA)).status).toBe(404);
    // one minute after the current hour ends, with a token of that time
    const shift = HOUR_MS - (t.clock.now().getTime() % HOUR_MS) + 60_000;
    t.clock.advance(shift);
    try {
      const justEnded = new Date(t.clock.now().getTime() - HOUR_MS).toISOString().slice(0, 13);
      const res = await mds(`/trips?end_time=${justEnded}`, await tokenOf('a'));
      expect(res.status).toBe(202);
    } finally {
      t.clock.advance(-shift);
    }
    expect((await mds('/telemetry', tokenA)).status).toBe(400);
    expect((await mds('/events/historical?event_time=2024-1-1T1', tokenA)).status).toBe(400);
  });

  it('400 for a bad events/recent range', async () => {
    const now = Date.now();
    for (const query of [
      '',
      `?start_time=${now - 1000}`,
      `?start_time=abc&end_time=${now}`,
      `?start_time=${now}&end_time=${now - 1000}`,
      `?start_time=${now - 15 * 24 * HOUR_MS}&end_time=${now}`,
      '?start_time=1e3&end_time=2e3',
    ]) {
      expect((await mds(`/events/recent${query}`, tokenA)).status, query).toBe(400);
    }
  });

  it('404 for an unknown, foreign or malformed device_id and any other address', async () => {
    for (const path of [
      '/vehicles/00000000-0000-4000-8000-000000000000',
      `/vehicles/${foreignDevice}`,
      '/vehicles/status/not-a-uuid',
      `/vehicles/status/${await deviceOf(bikes.nowhere!)}`,
      '/stops',
      '/reports/2024-01.csv',
    ]) {
      const res = await mds(path, tokenA);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
  });

  it('never answers 500 to hostile input', async () => {
    const weird = [
      '/vehicles?after=zzz',
      '/vehicles?after=00000000-0000-4000-8000-000000000000&after=x',
      '/vehicles/%00',
      '/vehicles/status/%E0%A4%A',
      `/vehicles/${'a'.repeat(5000)}`,
      '/trips?end_time=9999-12-31T23',
      '/trips?end_time=1970-01-01T00',
      '/trips?end_time=0000-01-01T00',
      '/trips?end_time[]=x',
      '/telemetry?telemetry_time=2024-02-29T23',
      '/events/recent?start_time=999999999999999&end_time=999999999999999',
      `/events/recent?start_time=${Date.now() + HOUR_MS}&end_time=${Date.now() + 2 * HOUR_MS}`,
      '/events/historical?event_time=%27%3B%20DROP%20TABLE%20trip%3B--',
    ];
    for (const path of weird) {
      const res = await mds(path, tokenA);
      expect(res.status, path).toBeLessThan(500);
    }
    const bodies: Array<{ headers: Record<string, string>; body: string }> = [
      { headers: { 'content-type': 'text/plain' }, body: 'grant_type=client_credentials' },
      { headers: { 'content-type': 'application/json' }, body: '{not json' },
      { headers: { authorization: 'Basic %%%' }, body: '' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '%' },
    ];
    for (const init of bodies) {
      const res = await fetch(`${t.url}/mds/v2/token`, { method: 'POST', ...init });
      expect(res.status, JSON.stringify(init)).toBeLessThan(500);
    }
  });

  it('401 for no, bad, expired, user or forged tokens; a city token is no API token', async () => {
    const [header, payload] = tokenA.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: secrets.b!.id })).toString('base64url')}.${tokenA.split('.')[2]}`;
    for (const token of [null, 'garbage', adminTokenA, forged, `${tokenA}x`]) {
      const res = await mds('/vehicles', token);
      expect(res.status, String(token).slice(0, 10)).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const asApi = await adminA.get('fleet/information', { token: tokenA });
    expect(asApi.status).toBe(401);
    t.clock.advance(HOUR_MS + 5 * 60_000);
    try {
      expect((await mds('/vehicles', tokenA)).status).toBe(401);
    } finally {
      t.clock.advance(-(HOUR_MS + 5 * 60_000));
    }
    expect((await mds('/vehicles', tokenA)).status).toBe(200);
  });
});

describe('administration of city clients', () => {
  it('revocation stops the client tokens at once and is audited; expiry too', async () => {
    const token = await tokenOf('a2');
    expect((await mds('/vehicles', token)).status).toBe(200);
    const foreign = await adminB.delete(`fleet/city-clients/${secrets.a2!.id}`);
    expect(foreign.status).toBe(404);
    const revoked = await adminA.delete(`fleet/city-clients/${secrets.a2!.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('REVOKED');
    expect((await mds('/vehicles', token)).status).toBe(401);
    const { clientId, clientSecret } = secrets.a2!;
    const refused = await requestToken({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(refused.status).toBe(401);
    const events = await t.server.database.query<{ name: string }>(
      "SELECT name FROM event WHERE name LIKE 'MDS_CLIENT_%' AND data->>'clientId' = $1 ORDER BY id",
      [clientId],
    );
    expect(events.map((e) => e.name)).toEqual(['MDS_CLIENT_CREATED', 'MDS_CLIENT_REVOKED']);

    const soon = await adminA.post('fleet/city-clients', {
      name: 'Short',
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    expect(soon.status).toBe(201);
    secrets.soon = { ...soon.body.client, clientSecret: soon.body.clientSecret };
    const soonToken = await tokenOf('soon');
    t.clock.advance(15 * 60_000);
    try {
      expect((await mds('/vehicles', soonToken)).status).toBe(401);
    } finally {
      t.clock.advance(-15 * 60_000);
    }
    const past = await adminA.post('fleet/city-clients', {
      name: 'Past',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    const manager = await adminA.get('fleet/city-clients/access-log', { token: null });
    expect(manager.status).toBe(401);
  });

  it('the access log lists each pull of the fleet clients only', async () => {
    const log = await adminA.get('fleet/city-clients/access-log', { query: { limit: 500 } });
    expect(log.status).toBe(200);
    const entries = log.body.entries as any[];
    const trips = entries.find(
      (e) => e.path === `/mds/v2/trips?end_time=${hourName}` && e.status === 200,
    );
    expect(trips).toMatchObject({ clientId: secrets.a!.clientId, rows: 2 });
    expect(entries.some((e) => e.status === 406)).toBe(true);
    expect(entries.some((e) => e.path === '/token' && e.status === 401)).toBe(true);
    expect(entries.every((e) => e.clientId !== secrets.b!.clientId)).toBe(true);
    const logB = await adminB.get('fleet/city-clients/access-log');
    expect(logB.body.entries.every((e: any) => e.clientId === secrets.b!.clientId)).toBe(true);
    expect(JSON.stringify(log.body)).not.toContain(secrets.a!.clientSecret);
  });

  it('keeps the access log 90 days', async () => {
    const count = async () =>
      (
        await t.server.database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM mds_access_log WHERE path = '/old'",
        )
      )[0]!.n;
    await t.server.database.query(
      `INSERT INTO mds_access_log (fleet_id, client_id, path, status, at)
       SELECT fleet_id, id, '/old', 200, now() - interval '91 days' FROM mds_client WHERE id = $1`,
      [secrets.a!.id],
    );
    expect(await count()).toBe(1);
    await purgeMdsAccessLog(t.server.database, new Date());
    expect(await count()).toBe(0);
  });
});

describe('rate limit', () => {
  it('limits pulls per client, not across clients', async () => {
    const res = await adminA.post('fleet/city-clients', { name: 'Flood' });
    secrets.flood = { ...res.body.client, clientSecret: res.body.clientSecret };
    const flood = await tokenOf('flood');
    const unknown = '/vehicles/00000000-0000-4000-8000-000000000000';
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => mds(unknown, flood).then((r) => r.status)),
      );
      statuses.push(...answers);
    }
    expect(statuses.every((status) => status === 404)).toBe(true);
    const limited = await mds(unknown, flood);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await mds('/vehicles', tokenA)).status).toBe(200);
  });
});
