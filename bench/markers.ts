// npm run bench -- markers
// Fleet API at 100,000 bikes (issue 5 §6), on PostgreSQL (a bench database created and
// dropped here) and on PGlite (in memory): p50/p95 of fleet/markers, a fleet/list page sorted
// by last communication and fleet/statistics through the real HTTP server, and in the same
// run a plain SELECT of the markers' rows serialised to JSON, as the yardstick of markers.
// Targets (PostgreSQL): markers p95 ≤ 300 ms and ≤ 2 × plain SELECT, list p95 ≤ 50 ms,
// statistics p95 ≤ 200 ms. Ends with one `BENCH {json}` line.
//   BENCH_DATABASE_URL  server to create the bench database on (default: DATABASE_URL, else
//                       postgresql://postgres@127.0.0.1:5432/postgres)
//   BENCH_BIKES         bikes of the measured fleet (default 100000)
import os from 'node:os';
import pg from 'pg';
import { API_PREFIX } from '@vfm/contract';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { FLEET, seedSql } from './_fleet-seed';
import { BENCH_API_KEY, startBenchServer } from './_server';

const BIKES = Number(process.env.BENCH_BIKES ?? 100_000);

interface Stats {
  p50: number;
  p95: number;
  n: number;
}
type Figures = Record<string, Stats | number | string | boolean>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(n: number, fn: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < Math.min(3, n); i += 1) await fn(); // warm-up: plans, caches, JIT
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), n };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function runOn(kind: 'postgres' | 'pglite', database: Database): Promise<Figures> {
  const seedStart = performance.now();
  await migrate(database);
  await database.exec(seedSql(BIKES));
  const seedMs = Math.round(performance.now() - seedStart);
  console.log(`  ${kind}: ${BIKES} bikes seeded in ${seedMs} ms`);

  const bench = await startBenchServer(database);
  try {
    const base = `${bench.origin}${API_PREFIX}`;
    const token = await bench.tokenFor('bench@example.com');
    const get = async (route: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}/${route}`, {
        headers: { 'x-api-key': BENCH_API_KEY, authorization: `Bearer ${token}`, ...headers },
      });
      const text = await res.text();
      if (res.status !== 200 && res.status !== 304) throw new Error(`${route}: ${res.status}`);
      return { res, text };
    };

    const rounds = kind === 'postgres' ? 30 : 10;
    const first = await get('fleet/markers', { 'accept-encoding': 'identity' });
    const markersBytes = first.text.length;
    const markersCount = (JSON.parse(first.text) as { count: number }).count;
    const etag = first.res.headers.get('etag')!;

    const plain = await measure(rounds, async () => {
      const rows = await database.query(
        `SELECT vehicle_number, latitude, longitude, status, availability, theft_state, iot_mode,
                group_id
           FROM bike WHERE fleet_id = $1 AND latitude IS NOT NULL AND longitude IS NOT NULL`,
        [FLEET],
      );
      return JSON.stringify(rows);
    });
    const plainBytes = JSON.stringify(
      await database.query(
        `SELECT vehicle_number, latitude, longitude, status, availability, theft_state, iot_mode,
                group_id FROM bike WHERE fleet_id = $1 AND latitude IS NOT NULL`,
        [FLEET],
      ),
    ).length;
    const markers = await measure(rounds, () =>
      get('fleet/markers', { 'accept-encoding': 'identity' }),
    );
    const markersGzip = await measure(rounds, () =>
      get('fleet/markers', { 'accept-encoding': 'gzip' }),
    );
    const markers304 = await measure(rounds, () =>
      get('fleet/markers', { 'accept-encoding': 'identity', 'if-none-match': etag }),
    );
    const list = await measure(rounds * 2, () =>
      get('fleet/list?sort=lastCommunicationDate,desc&size=50&page=0'),
    );
    const listDeep = await measure(rounds, () =>
      get('fleet/list?sort=lastCommunicationDate,asc&size=50&page=200'),
    );
    const statistics = await measure(rounds, () => get('fleet/statistics'));

    return {
      seedMs,
      markersCount,
      markersBytes,
      plainBytes,
      plainSelect: plain,
      markers,
      markersGzip,
      markers304,
      markersToPlainP95: Math.round((markers.p95 / plain.p95) * 100) / 100,
      listPage: list,
      listPage200: listDeep,
      statistics,
    };
  } finally {
    await bench.close();
  }
}

function printFigures(kind: string, f: Figures) {
  const row = (name: string, s: Stats) =>
    console.log(
      `  ${name.padEnd(34)} p50 ${String(s.p50).padStart(7)} ms   p95 ${String(s.p95).padStart(7)} ms   (n=${s.n})`,
    );
  console.log(`\n${kind} — ${BIKES} bikes`);
  row('plain SELECT + JSON.stringify', f.plainSelect as Stats);
  row('GET fleet/markers (identity)', f.markers as Stats);
  row('GET fleet/markers (gzip)', f.markersGzip as Stats);
  row('GET fleet/markers (304)', f.markers304 as Stats);
  row('GET fleet/list page 0 (lastComm desc)', f.listPage as Stats);
  row('GET fleet/list page 200 (lastComm asc)', f.listPage200 as Stats);
  row('GET fleet/statistics', f.statistics as Stats);
  console.log(
    `  markers/plain p95 ratio ${f.markersToPlainP95}; markers ${f.markersCount} bikes, ` +
      `${Math.round(Number(f.markersBytes) / 1024)} KiB vs plain rows ${Math.round(Number(f.plainBytes) / 1024)} KiB`,
  );
}

async function main() {
  const load = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(`fleet API benchmark: ${os.cpus().length} CPUs, load average ${load.join(' ')}`);
  const result: Record<string, unknown> = { name: 'markers', bikes: BIKES, cpus: os.cpus().length };

  const baseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgresql://postgres@127.0.0.1:5432/postgres';
  const benchDb = `vfm_bench_markers_${process.pid}`;
  try {
    await adminQuery(baseUrl, `CREATE DATABASE "${benchDb}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${benchDb}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    try {
      result.postgres = await runOn('postgres', database);
      printFigures('PostgreSQL', result.postgres as Figures);
    } finally {
      await database.close();
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${benchDb}" WITH (FORCE)`);
    }
  } catch (error) {
    console.error(`PostgreSQL skipped: ${(error as Error).message}`);
    result.postgres = { skipped: (error as Error).message };
  }

  const pglite = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    result.pglite = await runOn('pglite', pglite);
    printFigures('PGlite', result.pglite as Figures);
  } finally {
    await pglite.close();
  }

  const p = result.postgres as Figures & { skipped?: string };
  if (!p.skipped) {
    const p95 = (key: string) => (p[key] as Stats).p95;
    result.targets = {
      markersP95Under300: p95('markers') <= 300,
      markersUnder2xPlain: p95('markers') <= 2 * p95('plainSelect'),
      listP95Under50: p95('listPage') <= 50,
      statisticsP95Under200: p95('statistics') <= 200,
    };
    console.log('\ntargets (PostgreSQL):', result.targets);
  }
  result.loadAverage = [load, os.loadavg().map((x) => Math.round(x * 100) / 100)];
  console.log(`BENCH ${JSON.stringify(result)}`);
}

await main();
