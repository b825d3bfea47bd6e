// products/details/trips (issue "bike page" §7): the trips of a period, newest first, each with
// its track from the telemetry, simplified to ≤ 500 points; fleet-scoped; bad periods → 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIP_TRACK_MAX_POINTS, TripsSchema } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let api: ApiClient;
let bike: BikeRow;
let other: BikeRow;
const HOUR = 3_600_000;

async function addTrip(row: BikeRow, start: Date, minutes: number, points: number) {
  const end = new Date(start.getTime() + minutes * 60_000);
  await t.server.database.query(
    `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                       start_latitude, start_longitude, end_latitude, end_longitude)
     VALUES ($1, $2, $3, $4, $5, $6, 45.7, 4.8, 45.75, 4.85)`,
    [row.fleetId, row.id, start, end, points / 100, minutes],
  );
  const step = (end.getTime() - start.getTime()) / (points + 1);
  const rows = Array.from({ length: points }, (_, i) => ({
    seq: Math.floor(start.getTime() / 1000) + i,
    ts: new Date(start.getTime() + step * (i + 1)).toISOString(),
    lat: 45.7 + (0.05 * i) / points,
    lon: 4.8 + (0.05 * i) / points + (i % 2) * 1e-6,
  }));
  await t.server.database.query(
    `INSERT INTO telemetry (bike_id, seq, ts, latitude, longitude)
     SELECT $1, seq, ts, lat, lon FROM json_to_recordset($2::json)
       AS p(seq bigint, ts timestamptz, lat double precision, lon double precision)`,
    [row.id, JSON.stringify(rows)],
  );
}

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  bike = await createBike(t, a.fleet, { vehicle_number: 'TRIP-1' });
  other = await createBike(t, b.fleet, { vehicle_number: 'TRIP-2' });
  const now = t.clock.now().getTime();
  await addTrip(bike, new Date(now - 2 * HOUR), 20, 3000);
  await addTrip(bike, new Date(now - 26 * HOUR), 10, 12);
  await addTrip(bike, new Date(now - 10 * 24 * HOUR), 10, 12);
  await addTrip(other, new Date(now - 3 * HOUR), 10, 12);
});
afterAll(() => t.close());

describe('GET products/details/trips/{vn}', () => {
  it('lists the last 7 days by default, newest first, each with its simplified track', async () => {
    const res = await api.get('products/details/trips/TRIP-1');
    expect(res.status, res.text).toBe(200);
    expectShape(TripsSchema, res.body);
    const { trips } = res.body as { trips: Array<{ track: number[][]; durationMinutes: number }> };
    expect(trips.map((trip) => trip.durationMinutes)).toEqual([20, 10]);
    const [long, short] = trips;
    expect(long!.track.length).toBeLessThanOrEqual(TRIP_TRACK_MAX_POINTS);
    expect(long!.track.length).toBeGreaterThan(100);
    // the recorded start and end frame the track, oldest point first
    expect(long!.track[0]!.slice(0, 2)).toEqual([4.8, 45.7]);
    expect(long!.track.at(-1)!.slice(0, 2)).toEqual([4.85, 45.75]);
    const times = long!.track.map((point) => point[2]!);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(short!.track).toHaveLength(14);
  });

  it('follows the period asked', async () => {
    const now = t.clock.now().getTime();
    const from = new Date(now - 12 * 24 * HOUR).toISOString();
    const to = new Date(now - 5 * 24 * HOUR).toISOString();
    const res = await api.get('products/details/trips/TRIP-1', { query: { from, to } });
    expect(res.status).toBe(200);
    expect(res.body.trips).toHaveLength(1);
    expect(res.body).toMatchObject({ from, to });
  });

  it('is a 404 for an unknown bike and for a bike of another fleet', async () => {
    for (const vn of ['NOPE-1', 'TRIP-2']) {
      const res = await api.get(`products/details/trips/${vn}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
  });

  it('refuses a period longer than 31 days, reversed, or not a date', async () => {
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    for (const query of [
      { from: iso(now - 40 * 24 * HOUR), to: iso(now) },
      { from: iso(now), to: iso(now - HOUR) },
      { from: 'yesterday' },
    ]) {
      const res = await api.get('products/details/trips/TRIP-1', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });
});
