// npm run bench -- markers
// Fleet API at 100,000 bikes, on PostgreSQL (a bench database created and dropped here) and
// on PGlite (in memory), through the real HTTP server: p50/p95 of fleet/markers at 1 and 4
// concurrent clients (while one bike changes every 100 ms, so that each request sees a new
// version, and quiet), at 4 and 16 clients with gzip while 1,000 bikes change a second (the
// snapshot of ADR 0114: at most one build and compression a second), a fleet/list page for every sort the list offers in both directions at
// 1 and 10 concurrent clients, and fleet/statistics; in the same run a plain SELECT of the
// markers' rows serialised to JSON, as the yardstick of markers.
// Targets (PostgreSQL): markers p95 ≤ 300 ms at 4 clients (and with gzip at 1,000 changes a
// second) and ≤ 2 × plain SELECT alone,
// list p95 ≤ 50 ms for every sort at 1 and 10 clients, statistics p95 ≤ 200 ms at 1 client and
// ≤ 400 ms at 4 (ADR 0122). Latency on a shared machine is noisy: each concurrent figure also
// gives the server's CPU per call (serverCpuMsPerCall), which is not.
// Ends with one `BENCH {json}` line.
//   BENCH_DATABASE_URL  server to create the bench database on (default: DATABASE_URL, else
//                       postgresql://postgres@127.0.0.1:5432/postgres)
//   BENCH_BIKES         bikes of the measured fleet (default 100000)
//   BENCH_PGLITE        false: PostgreSQL only (the PGlite pass takes minutes at 100,000 bikes)
import os from 'node:os';
import { API_PREFIX, FLEET_LIST_SORT_FIELDS } from '@vfm/contract';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { FLEET, seedSql } from './_fleet-seed';
import { measureClients, type ClientFigures, percentile } from './_clients';
import { BENCH_API_KEY, onPostgresOrSkip, startBenchServer } from './_server';

const BIKES = Number(process.env.BENCH_BIKES ?? 100_000);

interface Stats {
  p50: number;
  p95: number;
  n: number;
}
type Figures = Record<string, Stats | number | string | boolean>;

/** n calls one after the other (after 3 warm-up calls: plans, caches, JIT). */
const measure = (n: number, fn: () => Promise<unknown>) => measureConcurrent(1, n, fn, 3);

/** `clients` loops running at once, each `n` calls of fn: the times of all calls. */
async function measureConcurrent(
  clients: number,
  n: number,
  fn: () => Promise<unknown>,
  warmUps = 1,
): Promise<Stats> {
  for (let i = 0; i < Math.min(warmUps, n); i += 1) {
    await Promise.all(Array.from({ length: clients }, () => fn()));
  }
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < n; i += 1) {
        const start = performance.now();
        await fn();
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), n: times.length };
}

/**
 * While fn runs, `perTick` bikes of the fleet are written every 100 ms (a live fleet): 1 is the
 * old figure's ten changes a second, 100 a fleet of 100,000 bikes at its riding peak (1,000 a
 * second, docs/performance.md).
 */
async function whileChanging<T>(database: Database, fn: () => Promise<T>, perTick = 1): Promise<T> {
  const [range] = await database.query<{ low: number; high: number }>(
    `SELECT min(id)::int AS low, max(id)::int AS high FROM bike WHERE fleet_id = $1`,
    [FLEET],
  );
  const { low, high } = range!;
  let running = true;
  let written = 0;
  const started = performance.now();
  const writer = (async () => {
    while (running) {
      const tick = performance.now();
      const ids = Array.from(
        { length: perTick },
        () => low + Math.floor(Math.random() * (high - low + 1)),
      );
      await database.query(
        `UPDATE bike SET bike_battery_level = (random() * 100)::int, updated_at = now()
          WHERE fleet_id = $1 AND id = ANY($2::bigint[])`,
        [FLEET, ids],
      );
      written += perTick;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 100 - (performance.now() - tick))),
      );
    }
  })();
  try {
    return await fn();
  } finally {
    running = false;
    await writer;
    const rate = Math.round(written / ((performance.now() - started) / 1000));
    if (perTick > 1) console.log(`    (${rate} bike changes a second while measured)`);
  }
}

/** Waits (at most 60 s) until no autovacuum worker runs on this database. */
async function untilNoAutovacuum(database: Database) {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'autovacuum worker'`,
    );
    if (!row?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
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
    const headersFor = (headers: Record<string, string> = {}) => ({
      'x-api-key': BENCH_API_KEY,
      authorization: `Bearer ${token}`,
      ...headers,
    });
    const clientsOf = (clients: number, n: number, route: string, headers = {}, warmUps = 1) =>
      measureClients(clients, n, `${base}/${route}`, headersFor(headers), warmUps);
    const get = async (route: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}/${route}`, { headers: headersFor(headers) });
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
    const markersChanging = await whileChanging(database, () =>
      measure(rounds, () => get('fleet/markers', { 'accept-encoding': 'identity' })),
    );
    const markers4Changing = await whileChanging(database, () =>
      clientsOf(4, Math.ceil(rounds / 2), 'fleet/markers', { 'accept-encoding': 'identity' }),
    );
    const markers4Gzip = await clientsOf(4, Math.ceil(rounds / 2), 'fleet/markers', {
      'accept-encoding': 'gzip',
    });
    // a fleet at its riding peak: 1,000 changes a second, gzip as browsers ask, 4 and 16 clients
    // (the snapshot of ADR 0114: the cost must not grow with the clients)
    const markers4Peak = await whileChanging(
      database,
      () => clientsOf(4, rounds, 'fleet/markers', { 'accept-encoding': 'gzip' }),
      100,
    );
    const markers16Peak = await whileChanging(
      database,
      () => clientsOf(16, Math.ceil(rounds / 2), 'fleet/markers', { 'accept-encoding': 'gzip' }),
      100,
    );
    // the writes above start PostgreSQL's autovacuum of the bike table: the list is measured
    // once it is done, so that each phase measures its own calls
    if (kind === 'postgres') await untilNoAutovacuum(database);
    const listSorts: Record<string, { one: Stats; ten: Stats }> = {};
    for (const field of FLEET_LIST_SORT_FIELDS) {
      for (const direction of ['asc', 'desc']) {
        const route = `fleet/list?sort=${field},${direction}&size=50&page=0`;
        listSorts[`${field},${direction}`] = {
          one: await measure(kind === 'postgres' ? 20 : 5, () => get(route)),
          // 200 calls after 5 rounds of warm-up in the clients' fresh process: with 50 calls
          // after one round, the p95 was the clients' own cold start (docs/performance.md)
          ten: await clientsOf(10, kind === 'postgres' ? 20 : 2, route, {}, 5),
        };
      }
    }
    const list = await measure(rounds * 2, () =>
      get('fleet/list?sort=lastCommunicationDate,desc&size=50&page=0'),
    );
    const listDeep = await measure(rounds, () =>
      get('fleet/list?sort=lastCommunicationDate,asc&size=50&page=200'),
    );
    const statistics = await measure(rounds, () => get('fleet/statistics'));
    const statistics4 = await clientsOf(4, Math.ceil(rounds / 2), 'fleet/statistics');

    return {
      seedMs,
      markersCount,
      markersBytes,
      plainBytes,
      plainSelect: plain,
      markers,
      markersGzip,
      markers304,
      markersChanging,
      markers4Changing,
      markers4Gzip,
      markers4Peak,
      markers16Peak,
      listSorts,
      markersToPlainP95: Math.round((markers.p95 / plain.p95) * 100) / 100,
      listPage: list,
      listPage200: listDeep,
      statistics,
      statistics4,
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
  row('GET fleet/markers, fleet changing', f.markersChanging as Stats);
  row('  4 clients, fleet changing', f.markers4Changing as Stats);
  row('  4 clients, gzip, quiet', f.markers4Gzip as Stats);
  row('  4 clients, gzip, 1,000 changes/s', f.markers4Peak as Stats);
  row('  16 clients, gzip, 1,000 changes/s', f.markers16Peak as Stats);
  const cpu = (key: string) => (f[key] as unknown as ClientFigures).serverCpuMsPerCall;
  console.log(
    `  server CPU per markers call at 1,000 changes/s (writer included): 4 clients ${cpu('markers4Peak')} ms, 16 clients ${cpu('markers16Peak')} ms`,
  );
  row('GET fleet/list page 0 (lastComm desc)', f.listPage as Stats);
  row('GET fleet/list page 200 (lastComm asc)', f.listPage200 as Stats);
  row('GET fleet/statistics', f.statistics as Stats);
  row('  4 clients', f.statistics4 as Stats);
  console.log(`    server CPU per statistics call at 4 clients: ${cpu('statistics4')} ms`);
  console.log(
    '  fleet/list page 0 by sort:             1 client p50/p95      10 clients p50/p95, server CPU/call',
  );
  for (const [sort, s] of Object.entries(
    f.listSorts as Record<string, { one: Stats; ten: ClientFigures }>,
  ))
    console.log(
      `    ${sort.padEnd(32)} ${String(s.one.p50).padStart(6)} ${String(s.one.p95).padStart(6)} ms   ${String(s.ten.p50).padStart(6)} ${String(s.ten.p95).padStart(6)} ms  ${s.ten.serverCpuMsPerCall} ms`,
    );
  console.log(
    `  markers/plain p95 ratio ${f.markersToPlainP95}; markers ${f.markersCount} bikes, ` +
      `${Math.round(Number(f.markersBytes) / 1024)} KiB vs plain rows ${Math.round(Number(f.plainBytes) / 1024)} KiB`,
  );
}

async function main() {
  const load = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(`fleet API benchmark: ${os.cpus().length} CPUs, load average ${load.join(' ')}`);
  const result: Record<string, unknown> = { name: 'markers', bikes: BIKES, cpus: os.cpus().length };

  result.postgres = await onPostgresOrSkip('markers', async (database) => {
    const figures = await runOn('postgres', database);
    printFigures('PostgreSQL', figures);
    return figures;
  });

  if (process.env.BENCH_PGLITE !== 'false') {
    const pglite = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      result.pglite = await runOn('pglite', pglite);
      printFigures('PGlite', result.pglite as Figures);
    } finally {
      await pglite.close();
    }
  }

  const p = result.postgres as Figures & { skipped?: string };
  if (!p.skipped) {
    const p95 = (key: string) => (p[key] as Stats).p95;
    result.targets = {
      markersP95Under300: p95('markers') <= 300,
      markersUnder2xPlain: p95('markers') <= 2 * p95('plainSelect'),
      listP95Under50: p95('listPage') <= 50,
      everySortP95Under50At1And10: Object.values(
        p.listSorts as Record<string, { one: Stats; ten: Stats }>,
      ).every((s) => s.one.p95 <= 50 && s.ten.p95 <= 50),
      markersP95Under300At4: p95('markers4Changing') <= 300,
      markersP95Under300At4GzipPeak: p95('markers4Peak') <= 300,
      statisticsP95Under200: p95('statistics') <= 200,
      statisticsP95Under400At4: p95('statistics4') <= 400,
    };
    console.log('\ntargets (PostgreSQL):', result.targets);
  }
  result.loadAverage = [load, os.loadavg().map((x) => Math.round(x * 100) / 100)];
  console.log(`BENCH ${JSON.stringify(result)}`);
}

await main();
