// The heat maps' rollup per H3 cell and hour (ADR 0136, docs/rebalancing.md): on a small city of
// eight bikes riding between five places for four days, the heat maps answered from the rollup
// equal those computed from the trips (every layer, two resolutions, with and without a filter
// on hour and weekday); the rollup is idempotent, catches up an hour a killed run left
// unwritten, and until its hours are computed the heat map reads the trips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpHour, rollUpHours } from '../../src/modules/rebalancing/rollup';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithTechnician } from '../helpers/factories';
import { createBike } from '../helpers/bikes';

const HOUR_MS = 3_600_000;
// five places ~1–3 km apart (3 decimals: the trips' reading rounds coarser cells to 3)
const PLACES: Array<[number, number]> = [
  [2.301, 48.851],
  [2.322, 48.856],
  [2.341, 48.862],
  [2.317, 48.871],
  [2.289, 48.866],
];
const ELSEWHERE: [number, number] = [2.36, 48.845];

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithTechnician>>;
let from: Date;
let to: Date;
const LAYERS = ['starts', 'ends', 'supply', 'unmet'] as const;
const QUERIES = LAYERS.flatMap((layer) => [
  { layer, resolution: 8 },
  { layer, resolution: 7 },
  { layer, resolution: 8, hour: 9 },
  { layer, resolution: 8, weekday: ((new Date().getUTCDay() + 5) % 7) + 1 },
]);
const raw = new Map<string, unknown>();

const heatmap = async (query: Record<string, unknown>) => {
  const res = await t.api({ token: cast.managerToken }).get('rebalancing/heatmap', {
    query: { ...query, from: from.toISOString(), to: to.toISOString() },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { cells: Array<{ cell: string; value: number }>; byHour: number[] };
};
const rows = async () =>
  (
    await t.server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rebalancing_cell_hour WHERE fleet_id = $1',
      [cast.fleet.id],
    )
  )[0]!.n;

beforeAll(async () => {
  t = await startTestServer();
  cast = await createFleetWithTechnician(t, 'Rollup fleet');
  const now = t.clock.now().getTime();
  to = new Date(Math.floor(now / HOUR_MS) * HOUR_MS);
  from = new Date(to.getTime() - 4 * 24 * HOUR_MS);
  for (let i = 0; i < 8; i++) {
    const bike = await createBike(t, cast.fleet, {
      vehicle_number: `RU-${i}`,
      availability: i === 7 ? 'OUT' : 'AVAILABLE',
      longitude: PLACES[i % 5]![0],
      latitude: PLACES[i % 5]![1],
    });
    // a ride every 5 + i hours from place k to place k + 1, starting at minute 7·i
    await t.server.database.query(
      `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                         start_longitude, start_latitude, end_longitude, end_latitude)
       SELECT $1, $2, s, s + interval '25 minutes', 2, 25,
              ($7::float8[])[1 + (k + $3) % 5], ($8::float8[])[1 + (k + $3) % 5],
              ($4::float8[])[1 + (k + $3 + 1) % 5], ($5::float8[])[1 + (k + $3 + 1) % 5]
         FROM generate_series(0, (100 / (5 + $3))::int) AS k,
              LATERAL (SELECT $6::timestamptz - interval '100 hours'
                              + k * (5 + $3) * interval '1 hour'
                              + $3 * 7 * interval '1 minute') AS x(s)
        WHERE s < date_trunc('hour', $6::timestamptz) - interval '1 hour'`,
      [
        cast.fleet.id,
        bike.id,
        i,
        PLACES.map((p) => p[0]),
        PLACES.map((p) => p[1]),
        new Date(now),
        // the bike out of service starts its rides where no rentable bike stands: unmet demand
        PLACES.map((p) => (i === 7 ? ELSEWHERE[0] : p[0])),
        PLACES.map((p) => (i === 7 ? ELSEWHERE[1] : p[1])),
      ],
    );
  }
  for (const query of QUERIES) raw.set(JSON.stringify(query), await heatmap(query));
});
afterAll(() => t.close());

describe('the heat map rollup', () => {
  it('answers every layer as the trips do, at two resolutions, filtered or not', async () => {
    // every hour again: the worker's own rollup (run as it starts) may have done some already
    const computed = await rollUpHours(t.server.database, t.clock.now(), {
      fleetId: cast.fleet.id,
      recompute: true,
    });
    expect(computed).toBeGreaterThanOrEqual(100);
    expect(await rows()).toBeGreaterThan(0);
    for (const query of QUERIES) {
      const expected = raw.get(JSON.stringify(query)) as Awaited<ReturnType<typeof heatmap>>;
      const got = await heatmap(query);
      if (!('hour' in query)) expect(got.cells.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(got.cells.map((c) => c.cell).sort(), JSON.stringify(query)).toEqual(
        expected.cells.map((c) => c.cell).sort(),
      );
      const value = new Map(expected.cells.map((c) => [c.cell, c.value]));
      for (const cell of got.cells)
        expect(cell.value, `${JSON.stringify(query)} ${cell.cell}`).toBeCloseTo(
          value.get(cell.cell)!,
          2,
        );
      got.byHour.forEach((v, h) =>
        expect(v, `${query.layer} at ${h}`).toBeCloseTo(expected.byHour[h]!, 2),
      );
    }
  });

  it('reads the rollup once computed: a trip written since shows at the next computation', async () => {
    const before = await heatmap({ layer: 'starts', resolution: 8 });
    const [bike] = await t.server.database.query<{ id: number }>(
      "SELECT id::int AS id FROM bike WHERE vehicle_number = 'RU-0'",
    );
    const hour = new Date(from.getTime() + 10 * HOUR_MS);
    await t.server.database.query(
      `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                         start_longitude, start_latitude, end_longitude, end_latitude)
       VALUES ($1, $2, $3, $3::timestamptz + interval '1 minute', 1, 1, 2.37, 48.83, 2.37, 48.83)`,
      [cast.fleet.id, bike!.id, new Date(hour.getTime() + 59 * 60_000)],
    );
    expect(await heatmap({ layer: 'starts', resolution: 8 })).toEqual(before);
    await rollUpHour(t.server.database, cast.fleet.id, hour, t.clock.now(), true);
    const after = await heatmap({ layer: 'starts', resolution: 8 });
    expect(after.cells.length).toBe(before.cells.length + 1);
  });

  it('is idempotent, and catches up an hour a killed run left unwritten', async () => {
    const again = () =>
      rollUpHours(t.server.database, t.clock.now(), { fleetId: cast.fleet.id, recompute: true });
    await again();
    const count = await rows();
    await again();
    expect(await rows()).toBe(count);
    // a run killed before its hour's transaction committed: neither rows nor mark
    const hour = new Date(from.getTime() + 30 * HOUR_MS);
    await t.server.database.query(
      'DELETE FROM rebalancing_cell_hour WHERE fleet_id = $1 AND hour = $2',
      [cast.fleet.id, hour],
    );
    await t.server.database.query(
      'DELETE FROM rebalancing_rollup_hour WHERE fleet_id = $1 AND hour = $2',
      [cast.fleet.id, hour],
    );
    expect(await rows()).toBeLessThan(count);
    // meanwhile the heat map reads the trips
    const fromTrips = await heatmap({ layer: 'ends', resolution: 8 });
    const computed = await rollUpHours(t.server.database, t.clock.now(), {
      fleetId: cast.fleet.id,
    });
    expect(computed).toBeLessThan(10); // the lost hour and the last ones, not all again
    expect(await rows()).toBe(count);
    expect(await heatmap({ layer: 'ends', resolution: 8 })).toEqual(fromTrips);
  });
});
