// npm run bench -- rebalancing
// docs/performance.md, docs/rebalancing.md (ADR 0128):
//   1. the forecast of trip starts at +4 h against the seasonal-naive baseline (the same hour a
//      week earlier), on the simulator's demand model (apps/simulator/src/demand.ts): 10 weeks of
//      starts drawn from its truth at its hot spots; from each origin of the last 14 days (every
//      6 h) the forecaster is trained on everything before it, as the worker would be. Error:
//      mean absolute error per spot and hour, and against the truth itself (the floor).
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
import { migrate } from '../apps/server/src/db/migrate';
import type { RequestScope } from '../apps/server/src/plugins/request-scope';
import { getHeatmap } from '../apps/server/src/modules/rebalancing/heatmap-service';
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
const drawn = sampleStarts(start, hours, 1);
const truth = demandTruth(start, hours, 1);
const lead = 4; // +4 h: the hour that ends 4 h after the origin
let naiveErr = 0;
let ourErr = 0;
let floorErr = 0;
let naiveSq = 0;
let ourSq = 0;
let floorSq = 0;
let count = 0;
let regressionCells = 0;
let cellsSeen = 0;
const trainStarted = performance.now();
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
    ourErr += Math.abs(forecast.hourly[lead - 1]! - actual);
    naiveErr += Math.abs(seasonalNaive({ start, counts: spot.counts }, target) - actual);
    floorErr += Math.abs(truth[i]!.hourly[target]! - actual);
    ourSq += (forecast.hourly[lead - 1]! - actual) ** 2;
    naiveSq += (seasonalNaive({ start, counts: spot.counts }, target) - actual) ** 2;
    floorSq += (truth[i]!.hourly[target]! - actual) ** 2;
    count += 1;
    cellsSeen += 1;
    if (forecast.model === 'regression') regressionCells += 1;
  });
}
const trainMs = (performance.now() - trainStarted) / (count / HOT_SPOTS.length);
const forecastFigures = {
  spots: HOT_SPOTS.length,
  weeks: WEEKS,
  evaluations: count,
  horizonHours: lead,
  maeNaive: round(naiveErr / count),
  maeForecast: round(ourErr / count),
  maeTruth: round(floorErr / count),
  maeLowerThanNaivePercent: round((1 - ourErr / naiveErr) * 100, 1),
  rmseNaive: round(Math.sqrt(naiveSq / count)),
  rmseForecast: round(Math.sqrt(ourSq / count)),
  rmseTruth: round(Math.sqrt(floorSq / count)),
  rmseLowerThanNaivePercent: round((1 - Math.sqrt(ourSq / naiveSq)) * 100, 1),
  regressionKeptPercent: round((regressionCells / cellsSeen) * 100, 1),
  trainMsPerRun: round(trainMs, 1),
};
console.log('forecast at +4 h on the simulator demand', forecastFigures);
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
// 3. the heat map of trip starts over 30 days for BENCH_HEAT_BIKES bikes (100,000), one trip per
//    bike and day, on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL) with BENCH_HEATMAP=1
const HEAT_BIKES = Number(process.env.BENCH_HEAT_BIKES ?? 100_000);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
let heatmap: Record<string, number> | null = null;
if (serverUrl && process.env.BENCH_HEATMAP) {
  heatmap = await withBenchDatabase('postgres', 'rebalancing', serverUrl, async (database) => {
    await migrate(database);
    await database.exec(seedSql(HEAT_BIKES));
    const seeded = performance.now();
    // the trip triggers (bike counters, migration 0300) are off for the seed: 3 million rows
    await database.exec(`
      SET session_replication_role = replica;
      INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                        start_latitude, start_longitude, end_latitude, end_longitude)
      SELECT b.fleet_id, b.id, s, s + interval '15 minutes', 2, 15,
             b.latitude, b.longitude, b.latitude + 0.01, b.longitude + 0.01
        FROM bike b, generate_series(now() - interval '30 days', now() - interval '1 day',
                                     interval '1 day') AS d(day),
             LATERAL (SELECT d.day + (b.id % 1440) * interval '1 minute') AS t(s)
       WHERE b.fleet_id = '${FLEET}';
      SET session_replication_role = origin;
      ANALYZE trip;`);
    const trips = (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM trip'))[0]!
      .n;
    const scope = { database, fleetId: FLEET, now: new Date() } as unknown as RequestScope;
    const times: number[] = [];
    let cells = 0;
    for (let run = 0; run < 3; run++) {
      const t = performance.now();
      const answer = await getHeatmap(scope, { layer: 'starts', resolution: 8 });
      times.push(performance.now() - t);
      cells = answer.cells.length;
    }
    times.sort((a, b) => a - b);
    return {
      bikes: HEAT_BIKES,
      trips,
      seedSeconds: round((performance.now() - seeded) / 1000, 1),
      cells,
      medianMs: Math.round(times[1]!),
      bestMs: Math.round(times[0]!),
    };
  });
  console.log('heat map of trip starts, 30 days, PostgreSQL', heatmap);
}
console.log(
  `BENCH ${JSON.stringify({ name: 'rebalancing', forecast: forecastFigures, routes, heatmap })}`,
);
