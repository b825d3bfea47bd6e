// npm run bench -- reports
// docs/performance.md "Reports" (ADR 0127): a 30-day report read from the daily rollups, and
// what keeping the rollups costs.
//   report   60 days of rollups (the period and the one before) of BENCH_BIKES bikes in 50
//            groups, 20 zones with caps, alerts and tasks every day; the 30-day report of the
//            fleet, a group and a zone asked 10 times each (buildReport, as the route and the
//            schedules call it): p50/p95. Targets: p95 ≤ 2 s for 100,000 bikes on PostgreSQL,
//            ≤ 5 s for the demo's 500 on PGlite.
//   rollup   one day of raw data (3 trips a bike, state changes, alerts, tasks) rolled up as
//            the job does (rollUpDay); the job computes today again every ten minutes (and
//            yesterday in the hour after its end), so its share of the machine is that time
//            ÷ 600 s (+ 6 × it ÷ 86,400 s), taken from the ingest (which itself writes nothing
//            more for the reports): target ≤ 5 %.
// PGlite (in memory) with BENCH_DEMO_BIKES (default 500, the demo's fleet); PostgreSQL, when
// BENCH_DATABASE_URL or DATABASE_URL is set, with BENCH_BIKES (default 100,000), in a database
// created and dropped here (BENCH_KEEP=1 keeps it; BENCH_REUSE=<its name> measures the reports
// again on it, without the seed). Ends with one `BENCH {json}` line.
import type { Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { buildReport } from '../apps/server/src/modules/reports/report-service';
import { isoDay, rollUpDay } from '../apps/server/src/modules/reports/rollup';
import { FLEET, seedSql } from './_fleet-seed';
import { adminQuery } from './_server';
import { openDatabase } from '../apps/server/src/db/client';
import { percentile } from './_clients';

const BIKES = Number(process.env.BENCH_BIKES ?? 100_000);
const DEMO_BIKES = Number(process.env.BENCH_DEMO_BIKES ?? 500);
const DAY = 86_400_000;
const RUNS = 10;
const today = Math.floor(Date.now() / DAY) * DAY;
const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;

/** 20 zones of a 3 × 7 grid over the seed's bikes (48.80–49.00, 2.25–2.50), with caps. */
async function seedZones(database: Database, bikes: number) {
  for (let i = 0; i < 20; i++) {
    const x = 2.25 + (i % 5) * 0.05;
    const y = 48.8 + Math.floor(i / 5) * 0.05;
    const ring = [
      [x, y],
      [x + 0.05, y],
      [x + 0.05, y + 0.05],
      [x, y + 0.05],
      [x, y],
    ];
    const cap = Math.round(bikes / 20);
    await database.query(
      `INSERT INTO zone (fleet_id, name, type, geometry, min_lon, min_lat, max_lon, max_lat,
              vertex_count, colour, min_bikes, max_bikes)
       VALUES ($1, $2, 'PREFERRED_PARKING', $3, $4::float8, $5::float8, $4::float8 + 0.05,
               $5::float8 + 0.05, 5, '#16a34a', $6,
               $7)`,
      [
        FLEET,
        `Zone ${i + 1}`,
        JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
        x,
        y,
        Math.round(cap / 4),
        cap,
      ],
    );
  }
}

/** 60 days of rollups, as the job would have written them. */
async function seedRollups(database: Database) {
  const first = isoDay(today - 60 * DAY);
  const last = isoDay(today - DAY);
  const days = `(SELECT g::date AS d FROM generate_series($2::date, $3::date, interval '1 day') g) ds`;
  const params = [FLEET, first, last];
  await database.query(
    `INSERT INTO report_bike_day (fleet_id, day, bike_id, group_id, trips, km, ride_minutes,
            deployed_minutes, available_minutes, on_trip_minutes, end_availability, end_stolen)
     SELECT $1, d, b.id, b.group_id, t.n, t.n * 2.4, t.n * 14,
            CASE WHEN b.id % 6 < 4 THEN 1440 ELSE 0 END,
            CASE WHEN b.id % 6 < 3 THEN 1440 - t.n * 14 ELSE 0 END, t.n * 14, 'AVAILABLE', false
       FROM ${days} CROSS JOIN bike b
      CROSS JOIN LATERAL (SELECT CASE WHEN b.id % 6 < 4 THEN (random() * 6)::int ELSE 0 END AS n) t
      WHERE b.fleet_id = $1`,
    params,
  );
  // the sums per group and day, and the bikes' month rows, as the job writes them beside
  await database.query(
    `INSERT INTO report_group_day (fleet_id, day, group_id, bikes, trips, km, ride_minutes,
            deployed_minutes, available_minutes, on_trip_minutes, deployed_bikes, active_bikes)
     SELECT fleet_id, day, group_id, count(*), sum(trips), sum(km), sum(ride_minutes),
            sum(deployed_minutes), sum(available_minutes), sum(on_trip_minutes),
            count(*) FILTER (WHERE deployed_minutes > 0), count(*) FILTER (WHERE trips > 0)
       FROM report_bike_day WHERE fleet_id = $1 GROUP BY fleet_id, day, group_id`,
    [FLEET],
  );
  await database.query(
    `INSERT INTO report_bike_month (fleet_id, month, bike_id, group_id, deployed_days,
            active_days)
     SELECT fleet_id, date_trunc('month', day)::date, bike_id, min(group_id::text)::uuid,
            coalesce(sum(1 << (extract(day FROM day)::int - 1))
              FILTER (WHERE deployed_minutes > 0), 0),
            coalesce(sum(1 << (extract(day FROM day)::int - 1)) FILTER (WHERE trips > 0), 0)
       FROM report_bike_day WHERE fleet_id = $1
      GROUP BY fleet_id, date_trunc('month', day)::date, bike_id`,
    [FLEET],
  );
  await database.query(
    `INSERT INTO report_alert_day (fleet_id, day, bike_id, group_id, kind, opened, ack_minutes,
            clear_minutes)
     SELECT $1, d, b.id, b.group_id,
            (ARRAY['LOW_VEHICLE_BATTERY', 'LACK_MODULE_COMM', 'SUSPECTED_THEFT'])[1 + b.id % 3],
            1, ARRAY[random() * 120], ARRAY[random() * 600]
       FROM ${days} CROSS JOIN bike b
      WHERE b.fleet_id = $1 AND (b.id + extract(day FROM d)::int) % 50 = 0`,
    params,
  );
  await database.query(
    `INSERT INTO report_task_day (fleet_id, day, bike_id, group_id, kind, priority, technician_id,
            done, within_sla, close_minutes)
     SELECT $1, d, b.id, b.group_id, (ARRAY['BATTERY_SWAP', 'REPAIR'])[1 + b.id % 2],
            (ARRAY['LOW', 'NORMAL', 'HIGH', 'URGENT'])[1 + b.id % 4],
            (SELECT id FROM account WHERE fleet_id = $1 LIMIT 1), 1, (b.id % 5 > 0)::int,
            ARRAY[random() * 480]
       FROM ${days} CROSS JOIN bike b
      WHERE b.fleet_id = $1 AND (b.id + extract(day FROM d)::int) % 33 = 0`,
    params,
  );
  await database.query(
    `INSERT INTO report_zone_day (fleet_id, day, zone_id, trips, km, ride_minutes, bikes,
            parked_minutes, observed_minutes, peak_parked, minutes_above_max, minutes_below_min,
            min_bikes, max_bikes)
     SELECT $1, d, z.id, 500, 1200, 7000, 300, 1440 * z.max_bikes * 0.8, 1440,
            z.max_bikes + 3, 30, 0, z.min_bikes, z.max_bikes
       FROM ${days} CROSS JOIN zone z WHERE z.fleet_id = $1`,
    params,
  );
  await database.query(
    `INSERT INTO report_zone_group_day (fleet_id, day, zone_id, group_id, parked_minutes)
     SELECT $1, d, z.id, g.id, 1000 FROM ${days} CROSS JOIN zone z
      CROSS JOIN fleet_group g WHERE z.fleet_id = $1 AND g.fleet_id = $1`,
    params,
  );
  await database.query(
    `INSERT INTO report_rollup_day (fleet_id, day, final, computed_at)
     SELECT $1, d, true, now() FROM ${days}`,
    params,
  );
  await database.exec('ANALYZE');
}

/** A day of raw data to roll up: 3 trips a bike, state changes, alerts, tasks. */
async function seedDay(database: Database, day: string) {
  await database.query(
    `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
            start_latitude, start_longitude, end_latitude, end_longitude)
     SELECT $1, b.id, s, s + interval '14 minutes', 2.4, 14, b.latitude, b.longitude,
            48.80 + random() * 0.2, 2.25 + random() * 0.25
       FROM bike b CROSS JOIN generate_series(0, 2) k
      CROSS JOIN LATERAL (SELECT $2::timestamptz + interval '6 hours' + k * interval '5 hours'
                                 + (b.id % 60) * interval '1 minute' AS s) t
      WHERE b.fleet_id = $1`,
    [FLEET, `${day}T00:00:00Z`],
  );
  await database.query(
    `INSERT INTO event (fleet_id, bike_id, vehicle_number, type, name, source, data, occurred_at)
     SELECT $1, b.id, b.vehicle_number, 'OTHER', 'AVAILABILITY_CHANGED', 'MANAGER',
            jsonb_build_object('from', 'AVAILABLE', 'to', 'OUT'),
            $2::timestamptz + interval '10 hours'
       FROM bike b WHERE b.fleet_id = $1 AND b.id % 100 = 0`,
    [FLEET, `${day}T00:00:00Z`],
  );
  await database.query(
    `INSERT INTO alert (fleet_id, bike_id, kind, opened_at, acknowledged_at, cleared_at,
            clear_cause)
     SELECT $1, b.id, 'LOW_VEHICLE_BATTERY', o, o + interval '20 minutes', o + interval '3 hours',
            'CONDITION_ENDED'
       FROM bike b CROSS JOIN LATERAL (SELECT $2::timestamptz + (b.id % 20) * interval '1 hour'
                                              AS o) t
      WHERE b.fleet_id = $1 AND b.id % 50 = 0`,
    [FLEET, `${day}T00:00:00Z`],
  );
  await database.query(
    `INSERT INTO task (fleet_id, bike_id, kind, priority, status, created_at, due_at, closed_at)
     SELECT $1, b.id, 'BATTERY_SWAP', 'NORMAL', 'DONE', c, c + interval '4 hours',
            c + interval '2 hours'
       FROM bike b CROSS JOIN LATERAL (SELECT $2::timestamptz + (b.id % 18) * interval '1 hour'
                                              AS c) t
      WHERE b.fleet_id = $1 AND b.id % 33 = 0`,
    [FLEET, `${day}T00:00:00Z`],
  );
  await database.exec('ANALYZE');
}

async function timed(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function runOn(database: Database, bikes: number, reuse = false) {
  const seedStart = performance.now();
  if (!reuse) await seed(database, bikes);
  const seedMs = performance.now() - seedStart;
  const figures: Record<string, number> = { bikes, seedSeconds: round(seedMs / 1000, 1) };
  Object.assign(figures, await measureReports(database));
  if (reuse) return figures;
  Object.assign(figures, await measureRollup(database, bikes));
  return figures;
}

async function seed(database: Database, bikes: number) {
  await migrate(database);
  // the bikes exist since before the 60 days (the rollup starts from their first day)
  await database.exec(
    seedSql(bikes).replace(
      'ANALYZE;',
      `UPDATE bike SET created_at = now() - interval '90 days'; ANALYZE;`,
    ),
  );
  await seedZones(database, bikes);
  await seedRollups(database);
}

async function measureReports(database: Database) {
  const [group] = await database.query<{ id: string }>(
    `SELECT id FROM fleet_group WHERE fleet_id = $1 AND parent_id IS NULL ORDER BY name LIMIT 1`,
    [FLEET],
  );
  const [zone] = await database.query<{ id: string }>(
    `SELECT id FROM zone WHERE fleet_id = $1 ORDER BY name LIMIT 1`,
    [FLEET],
  );
  const query = {
    period: 'custom' as const,
    from: isoDay(today - 30 * DAY),
    to: isoDay(today - DAY),
  };
  const figures: Record<string, number> = {};
  for (const [name, scope] of [
    ['fleet', {}],
    ['group', { groupId: group!.id }],
    ['zone', { zoneId: zone!.id }],
  ] as const) {
    const times: number[] = [];
    for (let r = 0; r < RUNS + 1; r++) {
      const ms = await timed(() =>
        buildReport(database, FLEET, { ...query, ...scope }, new Date()),
      );
      if (r > 0) times.push(ms); // the first warms the caches
    }
    times.sort((a, b) => a - b);
    figures[`${name}P50Ms`] = round(percentile(times, 50));
    figures[`${name}P95Ms`] = round(percentile(times, 95));
  }
  return figures;
}

/** The rollup of one day of raw data (yesterday: 3 trips a bike). */
async function measureRollup(database: Database, bikes: number) {
  const figures: Record<string, number> = {};
  const day = isoDay(today - DAY);
  await seedDay(database, day);
  const cpuBefore = process.cpuUsage();
  const rollupMs = await timed(() => rollUpDay(database, FLEET, day, new Date()));
  const cpu = process.cpuUsage(cpuBefore);
  figures.rollupDayMs = round(rollupMs);
  figures.rollupDayNodeCpuMs = round((cpu.user + cpu.system) / 1000);
  // today again every ten minutes, yesterday in the hour after its end (six times a day)
  figures.rollupSharePercent = round(rollupMs * (1 / 600_000 + 6 / 86_400_000) * 100, 2);
  const [rows] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM report_bike_day WHERE fleet_id = $1 AND day = $2::date`,
    [FLEET, day],
  );
  if (rows!.n !== bikes) throw new Error(`rolled up ${rows!.n} bikes of ${bikes}`);
  return figures;
}

const results: Record<string, Record<string, number>> = {};
if (!process.env.BENCH_REUSE) {
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    results.pglite = await runOn(database, DEMO_BIKES);
    console.log('PGlite', results.pglite);
  } finally {
    await database.close();
  }
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) {
  // BENCH_REUSE=<database>: the reports only, on a database a run kept (BENCH_KEEP=1)
  const reuse = process.env.BENCH_REUSE;
  const name = reuse ?? `vfm_bench_reports_${process.pid}`;
  if (!reuse) await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  try {
    results.postgres = await runOn(database, BIKES, !!reuse);
    console.log('PostgreSQL', results.postgres);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP || reuse) console.log(`kept the database ${name}`);
    else await adminQuery(serverUrl, `DROP DATABASE ${name}`);
  }
}
const ok =
  (!results.pglite || results.pglite.fleetP95Ms! <= 5000) &&
  (!results.postgres || results.postgres.fleetP95Ms! <= 2000) &&
  Object.values(results).every((r) => (r.rollupSharePercent ?? 0) <= 5);
console.log(`BENCH ${JSON.stringify({ name: 'reports', ok, ...results })}`);
process.exit(ok ? 0 : 1);
