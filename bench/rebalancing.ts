// npm run bench -- rebalancing
// docs/performance.md, docs/rebalancing.md (ADR 0128):
//   1. the forecast of trip starts at +4 h against the seasonal-naive baseline (the same hour a
//      week earlier), on the simulator's demand model (apps/simulator/src/demand.ts): 10 weeks of
//      starts drawn from its truth at its hot spots; from each origin of the last 14 days (every
//      6 h) the forecaster is trained on everything before it, as the worker would be. Error:
//      root mean squared error (the target's: the forecast is a mean) and mean absolute error
//      per spot and hour, against seasonal-naive and the truth itself (the floor); on city 1 and
//      pooled over ten held-out cities (seeds 7-16).
//   2. the technicians' routes for 300 stops (swaps and pickup/drop-off pairs over the
//      simulator's city) and 5 technicians: planning time and length against nearest-neighbour.
// Ends with one `BENCH {json}` line.
import { HOT_SPOTS, demandTruth, sampleStarts } from '../apps/simulator/src/demand';
import { CITY } from '../apps/simulator/src/city';
import { createRng } from '../apps/simulator/src/random';
import {
  HORIZON_HOURS,
  WEEK_HOURS,
  seasonalNaive,
  trainForecast,
  type Series,
} from '../apps/server/src/modules/rebalancing/forecast';
import { migrate } from '../apps/server/src/migrate';
import type { RequestScope } from '../apps/server/src/plugins/request-scope';
import { getHeatmap } from '../apps/server/src/modules/rebalancing/heatmap-service';
import { CellIndex } from '../apps/server/src/modules/rebalancing/cells';
import { ROLLUP_RESOLUTIONS, rollUpHour } from '../apps/server/src/modules/rebalancing/rollup';
import { FLEET, seedSql } from './_fleet-seed';
import { withBenchDatabase } from './_server';
import {
  nearestNeighbour,
  planRoutes,
  type Stop,
  type Van,
} from '../apps/server/src/modules/rebalancing/router';

const WEEKS = Number(process.env.BENCH_WEEKS ?? 10);
const STOPS = Number(process.env.BENCH_STOPS ?? 300);
const VANS = Number(process.env.BENCH_VANS ?? 5);
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

// 1. forecast
const start = Date.UTC(2026, 0, 5); // a Monday
const hours = WEEKS * WEEK_HOURS;
const lead = 4; // +4 h: the hour that ends 4 h after the origin

/** One simulated city (a seed of the demand model): its last 14 days forecast and scored. */
function evaluate(seed: number) {
  const drawn = sampleStarts(start, hours, seed);
  const truth = demandTruth(start, hours, seed);
  const e = { naive: 0, ours: 0, floor: 0, naiveSq: 0, oursSq: 0, floorSq: 0, count: 0, kept: 0 };
  for (
    let origin = hours - 14 * 24;
    !process.env.BENCH_SKIP_FORECAST && origin + lead <= hours;
    origin += 6
  ) {
    const cells = new Map<string, Series>(
      drawn.map((spot) => [spot.name, { start, counts: spot.counts.slice(0, origin) }]),
    );
    const trained = trainForecast(cells);
    drawn.forEach((spot, i) => {
      const target = origin + lead - 1;
      const actual = spot.counts[target]!;
      const forecast = trained.cells.get(spot.name)!;
      const ours = forecast.hourly[lead - 1]!;
      const naive = seasonalNaive({ start, counts: spot.counts }, target);
      const floor = truth[i]!.hourly[target]!;
      e.ours += Math.abs(ours - actual);
      e.naive += Math.abs(naive - actual);
      e.floor += Math.abs(floor - actual);
      e.oursSq += (ours - actual) ** 2;
      e.naiveSq += (naive - actual) ** 2;
      e.floorSq += (floor - actual) ** 2;
      e.count += 1;
      if (forecast.model === 'regression') e.kept += 1;
    });
  }
  return e;
}

function figures(e: ReturnType<typeof evaluate>) {
  return {
    evaluations: e.count,
    maeNaive: round(e.naive / e.count),
    maeForecast: round(e.ours / e.count),
    maeTruth: round(e.floor / e.count),
    maeLowerThanNaivePercent: round((1 - e.ours / e.naive) * 100, 1),
    maeTruthLowerThanNaivePercent: round((1 - e.floor / e.naive) * 100, 1),
    rmseNaive: round(Math.sqrt(e.naiveSq / e.count)),
    rmseForecast: round(Math.sqrt(e.oursSq / e.count)),
    rmseTruth: round(Math.sqrt(e.floorSq / e.count)),
    rmseLowerThanNaivePercent: round((1 - Math.sqrt(e.oursSq / e.naiveSq)) * 100, 1),
    rmseTruthLowerThanNaivePercent: round((1 - Math.sqrt(e.floorSq / e.naiveSq)) * 100, 1),
    regressionKeptPercent: round((e.kept / Math.max(1, e.count)) * 100, 1),
  };
}

const trainStarted = performance.now();
const city1 = evaluate(1);
const trainMs = (performance.now() - trainStarted) / Math.max(1, city1.count / HOT_SPOTS.length);
// ten more cities never looked at while the model was made (seeds 2–6 were: docs/performance.md)
const HELD_OUT = (process.env.BENCH_HELD_OUT_SEEDS ?? '7,8,9,10,11,12,13,14,15,16')
  .split(',')
  .filter(Boolean)
  .map(Number);
const pooled = HELD_OUT.map(evaluate).reduce(
  (sum, e) => {
    for (const key of Object.keys(sum) as Array<keyof typeof sum>) sum[key] += e[key];
    return sum;
  },
  { naive: 0, ours: 0, floor: 0, naiveSq: 0, oursSq: 0, floorSq: 0, count: 0, kept: 0 },
);
const forecastFigures = {
  spots: HOT_SPOTS.length,
  weeks: WEEKS,
  horizonHours: lead,
  city1: figures(city1),
  heldOutCities: { seeds: HELD_OUT, ...figures(pooled) },
  trainMsPerRun: round(trainMs, 1),
};
console.log('forecast at +4 h on the simulator demand', JSON.stringify(forecastFigures, null, 1));
if (HORIZON_HOURS !== 24) throw new Error('horizon changed');

// 2. routes
const rng = createRng(42);
const at = (): [number, number] => [
  CITY.center.lon + (rng() - 0.5) * 2 * CITY.halfCols * CITY.stepLon,
  CITY.center.lat + (rng() - 0.5) * 2 * CITY.halfRows * CITY.stepLat,
];
const stops: Stop[] = [];
for (let i = 0; stops.length < STOPS; i++) {
  if (i % 3 === 0 && stops.length + 2 <= STOPS) {
    stops.push({ id: `p${i}`, kind: 'PICKUP', at: at(), pair: `d${i}`, serviceMinutes: 3 });
    stops.push({
      id: `d${i}`,
      kind: 'DROP',
      at: at(),
      pair: `p${i}`,
      serviceMinutes: 2,
      latest: 360 + (i % 5) * 30,
    });
  } else stops.push({ id: `s${i}`, kind: 'SWAP', at: at(), serviceMinutes: 5 });
}
const vans: Van[] = Array.from({ length: VANS }, (_, i) => ({
  id: `v${i}`,
  start: [CITY.center.lon, CITY.center.lat],
  capacity: 4,
  shiftMinutes: Number(process.env.BENCH_SHIFT_HOURS ?? 8) * 60,
}));
let t0 = performance.now();
const plan = planRoutes(stops, vans, { timeBudgetMs: Number(process.env.BENCH_BUDGET_MS ?? 2500) });
const planMs = performance.now() - t0;
t0 = performance.now();
const nn = nearestNeighbour(stops, vans);
const nnMs = performance.now() - t0;
const planned = (p: typeof plan) => p.routes.reduce((s, r) => s + r.stops.length, 0);
const routes = {
  stops: STOPS,
  technicians: VANS,
  planMs: Math.round(planMs),
  plannedStops: planned(plan),
  km: round(plan.km, 1),
  kmPerStop: round(plan.km / planned(plan)),
  nearestNeighbourMs: Math.round(nnMs),
  nearestNeighbourStops: planned(nn),
  nearestNeighbourKm: round(nn.km, 1),
  nearestNeighbourKmPerStop: round(nn.km / planned(nn)),
  shorterPerStopPercent: round((1 - plan.km / planned(plan) / (nn.km / planned(nn))) * 100, 1),
};
console.log('routes', routes);
// 3. the heat maps of 30 days for BENCH_HEAT_BIKES bikes (100,000) on PostgreSQL
//    (BENCH_DATABASE_URL or DATABASE_URL) with BENCH_HEATMAP=1, answered from the rollup per cell
//    and hour (ADR 0136): its rows seeded directly (each bike one ride a day at its minute
//    id % 1440, from where it stands to ~1.4 km north-east), and one hour of the rollup job
//    timed on two days of such trips.
const HEAT_BIKES = Number(process.env.BENCH_HEAT_BIKES ?? 100_000);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
let heatmap: Record<string, unknown> | null = null;
if (serverUrl && process.env.BENCH_HEATMAP) {
  heatmap = await withBenchDatabase('postgres', 'rebalancing', serverUrl, async (database) => {
    await migrate(database);
    await database.exec(seedSql(HEAT_BIKES));
    const seeded = performance.now();
    const bikes = await database.query<{ id: number; lon: number; lat: number; ok: boolean }>(
      `SELECT id::int AS id, longitude AS lon, latitude AS lat, availability = 'AVAILABLE' AS ok
         FROM bike WHERE fleet_id = '${FLEET}'`,
    );
    // per (resolution, cell, hour of day): starts, ends, parked bike-hours
    const rows = new Map<string, { starts: number; ends: number; supply: number }>();
    const at = (resolution: number, cell: string, hod: number) => {
      const key = `${resolution}|${cell}|${hod}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { starts: 0, ends: 0, supply: 0 }));
      return row;
    };
    for (const resolution of ROLLUP_RESOLUTIONS) {
      const index = new CellIndex(resolution);
      for (const bike of bikes) {
        const hod = Math.floor((bike.id % 1440) / 60);
        at(resolution, index.of(round(bike.lon, 4), round(bike.lat, 4)), hod).starts += 1;
        const end = index.of(round(bike.lon + 0.01, 4), round(bike.lat + 0.01, 4));
        at(resolution, end, hod).ends += 1;
        if (bike.ok)
          for (let h = 0; h < 24; h++) at(resolution, end, h).supply += h === hod ? 0.75 : 1;
      }
    }
    const keys = [...rows.keys()].map((k) => k.split('|'));
    await database.query(
      `INSERT INTO rebalancing_cell_hour (fleet_id, resolution, hour, cell, starts, ends, supply)
       SELECT '${FLEET}', r.res, d.day + r.hod * interval '1 hour', r.cell, r.starts, r.ends, r.supply
         FROM unnest($1::smallint[], $2::text[], $3::int[], $4::int[], $5::int[], $6::float8[])
              AS r(res, cell, hod, starts, ends, supply),
              generate_series(date_trunc('day', now()) - interval '31 days',
                              date_trunc('day', now()), interval '1 day') AS d(day)
        WHERE d.day + r.hod * interval '1 hour' < now()`,
      [
        keys.map((k) => Number(k[0])),
        keys.map((k) => k[1]),
        keys.map((k) => Number(k[2])),
        [...rows.values()].map((r) => r.starts),
        [...rows.values()].map((r) => r.ends),
        [...rows.values()].map((r) => r.supply),
      ],
    );
    await database.exec(`
      INSERT INTO rebalancing_rollup_hour (fleet_id, hour, final, computed_at)
      SELECT '${FLEET}', h, true, now()
        FROM generate_series(date_trunc('day', now()) - interval '31 days',
                             date_trunc('hour', now()), interval '1 hour') AS h;
      ANALYZE rebalancing_cell_hour; ANALYZE rebalancing_rollup_hour;`);
    const rollupRows = (
      await database.query<{ n: number }>('SELECT count(*)::int AS n FROM rebalancing_cell_hour')
    )[0]!.n;
    const seedSeconds = round((performance.now() - seeded) / 1000, 1);
    const now = new Date();
    const scope = { database, fleetId: FLEET, now } as unknown as RequestScope;
    const period = {
      from: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
      to: now.toISOString(),
    };
    const layers: Record<string, { medianMs: number; bestMs: number; cells: number }> = {};
    for (const [name, query] of [
      ['starts', { layer: 'starts', resolution: 8 }],
      ['supply', { layer: 'supply', resolution: 8 }],
      ['unmet', { layer: 'unmet', resolution: 8 }],
      ['starts at 08:00', { layer: 'starts', resolution: 8, hour: 8 }],
      ['starts, resolution 7', { layer: 'starts', resolution: 7 }],
    ] as const) {
      const times: number[] = [];
      let cells = 0;
      for (let run = 0; run < 3; run++) {
        const t = performance.now();
        const answer = await getHeatmap(scope, { ...query, ...period });
        times.push(performance.now() - t);
        cells = answer.cells.length;
      }
      times.sort((a, b) => a - b);
      layers[name] = { medianMs: Math.round(times[1]!), bestMs: Math.round(times[0]!), cells };
    }
    // the job's cost per hour: two days of trips (the triggers off for the seed), one hour rolled
    await database.exec(`
      SET session_replication_role = replica;
      INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                        start_latitude, start_longitude, end_latitude, end_longitude)
      SELECT b.fleet_id, b.id, s, s + interval '15 minutes', 2, 15,
             b.latitude, b.longitude, b.latitude + 0.01, b.longitude + 0.01
        FROM bike b, generate_series(date_trunc('day', now()) - interval '2 days',
                                     date_trunc('day', now()) - interval '1 day',
                                     interval '1 day') AS d(day),
             LATERAL (SELECT d.day + (b.id % 1440) * interval '1 minute') AS t(s)
       WHERE b.fleet_id = '${FLEET}';
      SET session_replication_role = origin;
      ANALYZE trip;`);
    const hourTimes: number[] = [];
    for (let h = 0; h < 3; h++) {
      const hour = new Date(
        Math.floor(now.getTime() / 86_400_000) * 86_400_000 - (20 + h) * 3_600_000,
      );
      const t = performance.now();
      await rollUpHour(database, FLEET, hour, now, true);
      hourTimes.push(performance.now() - t);
    }
    hourTimes.sort((a, b) => a - b);
    return {
      bikes: HEAT_BIKES,
      rollupRows,
      seedSeconds,
      layers,
      rollupHourMedianMs: Math.round(hourTimes[1]!),
    };
  });
  console.log('heat maps of 30 days from the rollup, PostgreSQL', JSON.stringify(heatmap, null, 1));
}
console.log(
  `BENCH ${JSON.stringify({ name: 'rebalancing', forecast: forecastFigures, routes, heatmap })}`,
);
