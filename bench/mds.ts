// npm run bench -- mds
// The MDS Provider API (docs/open-data.md) of a fleet of 100,000 bikes, through the real HTTP server, on
// PGlite (in memory) and, when BENCH_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (a bench
// database created and dropped here): `trips?end_time=` of one busy hour — BENCH_TRIPS trips
// (default 30,000: three bikes in ten ride) ending in it, and the other fleet's trips of the
// same hour that must not show — asked 20 times by one city client with gzip; p50/p95.
// Target: trips p95 ≤ 1 s (docs/open-data.md, "Demo, speed, bad input").
// Ends with one `BENCH {json}` line.
//   BENCH_BIKES  bikes of the measured fleet (default 100000)
//   BENCH_TRIPS  trips ending in the measured hour (default 30000)
import type { Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { hashPassword } from '../apps/server/src/lib/password';
import { selectTrips } from '../apps/server/src/modules/mds/queries';
import { FLEET, OTHER_FLEET, seedSql } from './_fleet-seed';
import { onEachDatabase, startBenchServer } from './_server';
import { percentile } from './_clients';

const BIKES = Number(process.env.BENCH_BIKES ?? 100_000);
const TRIPS = Number(process.env.BENCH_TRIPS ?? 30_000);
const SECRET = 'bench-city-secret';
const HOUR_MS = 3_600_000;
const hourStart = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS);
const hourName = hourStart.toISOString().slice(0, 13);

const round = (x: number) => Math.round(x * 10) / 10;

async function runOn(database: Database) {
  await migrate(database);
  await database.exec(seedSql(BIKES));
  // the busy hour: one trip each for TRIPS bikes, ending spread over the hour; trips of the
  // hours around it and of the other fleet that the answer must leave out
  const trips = (fleet: string, count: number, offsetMs: number) =>
    database.query(
      `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                         start_latitude, start_longitude, end_latitude, end_longitude)
       SELECT fleet_id, id, e - interval '20 minutes', e, 3.2, 20, 48.85, 2.35, 48.86, 2.34
         FROM (SELECT fleet_id, id,
                      $2::timestamptz + (row_number() OVER (ORDER BY id) % 3600) * interval '1 second' AS e
                 FROM bike WHERE fleet_id = $1 ORDER BY id LIMIT $3) b`,
      [fleet, new Date(hourStart.getTime() + offsetMs), count],
    );
  await trips(FLEET, TRIPS, 0);
  await trips(FLEET, Math.round(TRIPS / 2), HOUR_MS);
  await trips(OTHER_FLEET, 1000, 0);
  await database.exec('ANALYZE trip');
  await database.query(
    `INSERT INTO mds_client (fleet_id, name, client_id, secret_hash)
     VALUES ($1, 'Bench city', 'bench-city', $2)`,
    [FLEET, await hashPassword(SECRET)],
  );
  const bench = await startBenchServer(database);
  try {
    const tokenRes = await fetch(`${bench.origin}/mds/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=bench-city&client_secret=${SECRET}`,
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const url = `${bench.origin}/mds/v2/trips?end_time=${hourName}`;
    const call = async () => {
      const res = await fetch(url, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.mds+json;version=2.0',
          'accept-encoding': 'gzip',
        },
      });
      const body = (await res.json()) as { trips: unknown[] };
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      return body.trips.length;
    };
    const listed = await call();
    if (listed !== TRIPS) throw new Error(`expected ${TRIPS} trips, got ${listed}`);
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    // the query alone, for the share of the database in the answer's time
    const sql: number[] = [];
    const end = new Date(hourStart.getTime() + HOUR_MS);
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      await selectTrips(database, FLEET, 'ended_at', hourStart, end, 1_000_000);
      sql.push(performance.now() - start);
    }
    sql.sort((a, b) => a - b);
    return {
      queryP50: round(percentile(sql, 50)),
      trips: listed,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      n: times.length,
    };
  } finally {
    await bench.close();
  }
}

const result: Record<string, unknown> = { name: 'mds', bikes: BIKES, trips: TRIPS };
Object.assign(result, await onEachDatabase('mds', runOn));
const figures = [result.pglite, result.postgres].filter(Boolean) as Array<{ p95: number }>;
result.targetMet = figures.every((f) => f.p95 <= 1000);
console.log(`BENCH ${JSON.stringify(result)}`);
