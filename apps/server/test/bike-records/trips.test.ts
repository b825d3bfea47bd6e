// GET products/details/trips/{vehicleNumber} (the bike page's trip replay, ADR 0074): the trips the ingest derived
// from a module's telemetry, each with its positions simplified to ≤ 500 points; the period is
// bounded (default 7 days, at most 31); another fleet's bike is the same 404 as an unknown one.
// Runs on PGlite and, in CI's second pass, on PostgreSQL and Mosquitto (DATABASE_URL, MQTT_URL).
import { beforeAll, describe, expect, it } from 'vitest';
import { TRIP_POSITIONS_MAX, TripsSchema } from '@vfm/contract';
import type { ApiClient } from '../helpers/api-client';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { createFleetWithUsers } from '../helpers/factories';
import { createTrip } from '../helpers/fleet-data';
import { moduleClients, publishUp, startIotTestServer, telemetry, waitFor } from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestServer;
let fleet: Awaited<ReturnType<typeof createFleetWithUsers>>;
let api: ApiClient;
let other: ApiClient;
const modules = moduleClients(() => t);

beforeAll(async () => {
  t = await startIotTestServer();
  fleet = await createFleetWithUsers(t);
  api = t.api({ token: fleet.managerToken });
  other = t.api({ token: (await createFleetWithUsers(t)).managerToken });
});

/** Stored positions of a bike: [lng, lat, time] rows straight into the telemetry history. */
async function storePositions(bike: BikeRow, points: Array<[number, number, number]>) {
  await t.server.database.query(
    `INSERT INTO telemetry (bike_id, seq, ts, longitude, latitude, speed_kmh)
     SELECT $1, p.seq, to_timestamp(p.ms / 1000.0), p.lng, p.lat, 15
       FROM unnest($2::float8[], $3::float8[], $4::float8[], $5::bigint[]) AS p(lng, lat, ms, seq)`,
    [
      bike.id,
      points.map((p) => p[0]),
      points.map((p) => p[1]),
      points.map((p) => p[2]),
      points.map((_, i) => i + 1),
    ],
  );
}

describe('GET products/details/trips/{vehicleNumber}', () => {
  it('answers the trip a module rode, with its stored positions, km and duration', async () => {
    const { client, ...module } = await modules.online(fleet.fleet, {
      last_communication_date: null,
      last_position_date: null,
    });
    const start = Date.now() - 30 * MINUTE;
    const at = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
    const points = [
      { ts: at(0), speedKmh: 0, lat: 45.75, lon: 4.83, odometerKm: 100, mode: 'STANDBY' },
      { ts: at(1), speedKmh: 15, lat: 45.751, lon: 4.831, odometerKm: 100.1, mode: 'NAVIGATION' },
      { ts: at(6), speedKmh: 18, lat: 45.76, lon: 4.84, odometerKm: 101.5, mode: 'NAVIGATION' },
      { ts: at(11), speedKmh: 0, lat: 45.77, lon: 4.85, odometerKm: 103.1, mode: 'STANDBY' },
    ];
    for (const p of points) await publishUp(client, module.moduleId, 'telemetry', telemetry(p));

    const body = await waitFor(
      async () => {
        const res = await api.get(`products/details/trips/${module.bike.vehicleNumber}`);
        return res.status === 200 && res.body.trips.length ? res.body : null;
      },
      15_000,
      'a trip',
    );
    expectShape(TripsSchema, body);
    expect(body.vehicleNumber).toBe(module.bike.vehicleNumber);
    expect(body.trips).toEqual([
      {
        startedAt: at(1),
        endedAt: at(11),
        distanceKm: 3.1,
        durationSeconds: 600,
        positions: [
          [4.831, 45.751, Date.parse(at(1))],
          [4.84, 45.76, Date.parse(at(6))],
          [4.85, 45.77, Date.parse(at(11))],
        ],
      },
    ]);
    // the default period is the last 7 days, up to now
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * DAY);
    expect(Math.abs(Date.parse(body.to) - t.clock.now().getTime())).toBeLessThan(60_000);
  });

  it('simplifies a long ride to at most 500 points, ends kept, oldest first', async () => {
    const bike = await createBike(t, fleet.fleet);
    const startedAt = Date.now() - 3 * DAY;
    // 1,500 positions, one every 2 s, wiggling along a street
    const points = Array.from(
      { length: 1500 },
      (_, i) =>
        [4.8 + i * 2e-5, 45.7 + Math.sin(i / 7) * 3e-4, startedAt + i * 2000] as [
          number,
          number,
          number,
        ],
    );
    await storePositions(bike, points);
    await createTrip(t, bike, new Date(startedAt), {
      ended_at: new Date(points.at(-1)![2]),
      distance_km: 2.4,
      duration_minutes: 49.97,
    });

    const res = await api.get(`products/details/trips/${bike.vehicleNumber.toLowerCase()}`);
    expect(res.status).toBe(200);
    expectShape(TripsSchema, res.body);
    const [trip] = res.body.trips;
    expect(trip.positions.length).toBeLessThanOrEqual(TRIP_POSITIONS_MAX);
    expect(trip.positions.length).toBeGreaterThan(100);
    expect(trip.positions[0]).toEqual(points[0]);
    expect(trip.positions.at(-1)).toEqual(points.at(-1));
    const times = trip.positions.map((p: number[]) => p[2]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(trip.durationSeconds).toBe(2998);
  });

  it('lists the trips that started in the period, newest first; others bikes’ are not there', async () => {
    const bike = await createBike(t, fleet.fleet);
    const neighbour = await createBike(t, fleet.fleet);
    const now = Date.now();
    const days = [1, 3, 6, 8, 20];
    for (const d of days) {
      await createTrip(t, bike, new Date(now - d * DAY), {
        start_longitude: 4.8,
        start_latitude: 45.7,
        end_longitude: 4.81,
        end_latitude: 45.71,
      });
    }
    await createTrip(t, neighbour, new Date(now - 2 * DAY));
    const started = (body: { trips: Array<{ startedAt: string }> }) =>
      body.trips.map((trip) => Math.round((now - Date.parse(trip.startedAt)) / DAY));

    const byDefault = await api.get(`products/details/trips/${bike.vehicleNumber}`);
    expect(started(byDefault.body)).toEqual([1, 3, 6]);
    // no stored position: the trip's recorded start and end stand in
    expect(byDefault.body.trips[0].positions).toEqual([
      [4.8, 45.7, now - DAY],
      [4.81, 45.71, now - DAY + 20 * MINUTE],
    ]);

    const from = new Date(now - 21 * DAY).toISOString();
    const to = new Date(now - 2 * DAY).toISOString();
    const period = await api.get(
      `products/details/trips/${bike.vehicleNumber}?from=${from}&to=${to}`,
    );
    expect(period.status).toBe(200);
    expect(period.body).toMatchObject({ from, to });
    expect(started(period.body)).toEqual([3, 6, 8, 20]);

    const before = new Date(now - 100 * DAY).toISOString();
    const empty = await api.get(
      `products/details/trips/${bike.vehicleNumber}?from=${before}&to=${new Date(now - 90 * DAY).toISOString()}`,
    );
    expect(empty.status).toBe(200);
    expect(empty.body.trips).toEqual([]);
  });

  it('answers 400 problem+json for a bad or too long period', async () => {
    const bike = await createBike(t, fleet.fleet);
    const url = (query: string) => `products/details/trips/${bike.vehicleNumber}?${query}`;
    const cases = [
      'from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:01Z', // 31 days and a second
      'from=2026-01-10T00:00:00Z&to=2026-01-09T00:00:00Z', // from after to
      'from=2026-01-10T00:00:00Z&to=2026-01-10T00:00:00Z', // empty period
      'from=yesterday',
      'to=2026-13-01T00:00:00Z',
      'from=1969-12-01T00:00:00Z&to=1969-12-02T00:00:00Z',
      'size=10',
    ];
    for (const query of cases) {
      const res = await api.get(url(query));
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type'), query).toContain('application/problem+json');
    }
    const month = await api.get(url('from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z'));
    expect(month.status).toBe(200);
  });

  it('answers the same 404 for an unknown bike and for a bike of another fleet', async () => {
    const bike = await createBike(t, fleet.fleet);
    await createTrip(t, bike, new Date(Date.now() - DAY));
    const foreign = await other.get(`products/details/trips/${bike.vehicleNumber}`);
    const unknown = await api.get('products/details/trips/NO-SUCH-BIKE');
    for (const [res, vn] of [
      [foreign, bike.vehicleNumber],
      [unknown, 'NO-SUCH-BIKE'],
    ] as const) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'BIKE_NOT_FOUND', missing: [vn] });
    }
  });
});
