// The city pack (ADR 0127, docs/reports.md): the month's numbers equal what a city pulls from
// /mds/v2/ for that month — the trips endpoint's count, metres and seconds, the historical
// events' thefts and removals — beside the MDS Metrics of the daily rollups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CityReportSchema } from '@vfm/contract';
import { rollUp } from '../../src/modules/reports/rollup';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { createEvent, createTrip } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
let token: string;

const now = new Date();
const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const MONTH = first.toISOString().slice(0, 7);
/** an hour of the month: day d, hour h (UTC) */
const at = (d: number, h: number, m = 0) =>
  new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), d, h, m));
const hourName = (date: Date) => date.toISOString().slice(0, 13);
const place = {
  start_latitude: 45.75,
  start_longitude: 4.85,
  end_latitude: 45.76,
  end_longitude: 4.84,
};
/** the hours with trips ending or events in them (all the fleet has) */
const tripHours = [at(3, 8), at(3, 17), at(12, 9)];
const eventHours = [at(5, 10), at(20, 14)];

beforeAll(async () => {
  t = await startTestServer();
  cast = await createFleetWithUsers(t);
  const admin = t.api({ token: cast.adminToken });
  const client = await admin.post('fleet/city-clients', { name: 'City' });
  expect(client.status, client.text).toBe(201);
  const res = await fetch(`${t.url}/mds/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.body.client.clientId,
      client_secret: client.body.clientSecret,
    }).toString(),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
  const created = new Date(first.getTime() - 86_400_000);
  const a = await createBike(t, cast.fleet, { created_at: created });
  const b = await createBike(t, cast.fleet, { created_at: created });
  // three placed trips (odd lengths: MDS rounds each), one VFM could not place (left out)
  await createTrip(t, a, at(3, 8, 10), {
    ...place,
    ended_at: at(3, 8, 40),
    distance_km: 2.3456,
    duration_minutes: 30.26,
  });
  await createTrip(t, a, at(3, 16, 50), {
    ...place,
    ended_at: at(3, 17, 5),
    distance_km: 1.0004,
    duration_minutes: 15.01,
  });
  await createTrip(t, b, at(12, 9, 0), {
    ...place,
    ended_at: at(12, 9, 45),
    distance_km: 7.77777,
    duration_minutes: 44.999,
  });
  await createTrip(t, b, at(14, 9, 0), { ended_at: at(14, 9, 30) });
  // a theft, a removal for maintenance and one to rebalance
  await createEvent(t, a, {
    name: 'THEFT_DECLARED',
    type: 'PRODUCT',
    source: 'MANAGER',
    occurred_at: at(5, 10, 5),
  });
  for (const [from, to, minute] of [
    ['AVAILABLE', 'OUT', 1],
    ['OUT', 'TRANSIT', 30],
  ] as const) {
    await createEvent(t, b, {
      name: 'AVAILABILITY_CHANGED',
      type: 'OTHER',
      source: 'MANAGER',
      data: { from, to },
      occurred_at: at(20, 14, minute),
    });
  }
  await rollUp(t.server.database, now, { fleetId: cast.fleet.id });
});
afterAll(() => t.close());

const pull = async (path: string) => {
  const res = await fetch(`${t.url}/mds/v2${path}`, {
    headers: { accept: 'application/vnd.mds+json;version=2.0', authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as any;
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
};

describe('city pack', () => {
  it('equals the month the city pulls from /mds/v2/', async () => {
    const res = await t
      .api({ token: cast.managerToken })
      .get('reports/city', { query: { month: MONTH } });
    expect(res.status, res.text).toBe(200);
    expectShape(CityReportSchema, res.body);

    const trips = (
      await Promise.all(tripHours.map((h) => pull(`/trips?end_time=${hourName(h)}`)))
    ).flatMap((page) => page.trips as Array<{ distance: number; duration: number }>);
    const events = (
      await Promise.all(eventHours.map((h) => pull(`/events/historical?event_time=${hourName(h)}`)))
    ).flatMap((page) => page.events as Array<{ event_types: string[] }>);
    const typed = (type: string) => events.filter((e) => e.event_types.includes(type)).length;

    expect(res.body.trips).toEqual({
      count: trips.length,
      distance: trips.reduce((s, trip) => s + trip.distance, 0),
      duration: trips.reduce((s, trip) => s + trip.duration, 0),
    });
    // by hand: 3 trips; 2346 + 1000 + 7778 m; 1816 + 901 + 2700 s
    expect(res.body.trips).toEqual({ count: 3, distance: 11124, duration: 5417 });
    expect(res.body.thefts).toBe(typed('not_located'));
    expect(res.body.removals).toEqual({
      maintenance: typed('maintenance_pick_up'),
      rebalance: typed('rebalance_pick_up'),
    });
    expect(res.body.removals).toEqual({ maintenance: 1, rebalance: 1 });
    expect(res.body.vehicles.activeCount).toBe(2);
    expect(res.body.vehicles.idlePercent).toBeGreaterThan(90);
  });

  it('refuses a month that is not one', async () => {
    const res = await t
      .api({ token: cast.managerToken })
      .get('reports/city', { query: { month: '2026-13' } });
    expect(res.status).toBe(400);
  });
});
