// npm run bench -- gbfs
// The public GBFS feed (docs/open-data.md) of a fleet of 100,000 bikes, through the real HTTP server, on
// PGlite (in memory) and, when BENCH_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (a bench
// database created and dropped here): the first build of vehicle_status (one query, mapping,
// JSON, gzip) and then p50/p95 of vehicle_status at 4 concurrent readers asking for gzip, as
// trip planners and cities poll it (served from the per-fleet cache for its ttl), and of one
// reader alone; 101 calls, under the per-address limit of 120 a minute.
// Target: vehicle_status p95 ≤ 200 ms (docs/open-data.md, "Demo, speed, bad input").
// Ends with one `BENCH {json}` line.
//   BENCH_BIKES  bikes of the measured fleet (default 100000)
import { Worker } from 'node:worker_threads';
import { defaultOpenDataSettings } from '@vfm/contract';
import type { Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { FLEET, seedSql } from './_fleet-seed';
import { onEachDatabase, startBenchServer } from './_server';
import { percentile } from './_clients';

const BIKES = Number(process.env.BENCH_BIKES ?? 100_000);
const SYSTEM_ID = 'bench-system';

const round = (x: number) => Math.round(x * 10) / 10;

/**
 * `clients` readers calling `url` at once, `n` calls each, from a worker thread: their requests
 * and gunzipping run beside the server's event loop, not in it, as a city's servers' do.
 */
function readersInWorker(url: string, clients: number, n: number): Promise<number[]> {
  const code = `
const { parentPort, workerData: w } = require('node:worker_threads');
const call = async () => {
  const res = await fetch(w.url, { headers: { 'accept-encoding': 'gzip' } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(w.url + ': ' + res.status);
};
(async () => {
  const times = [];
  await Promise.all(Array.from({ length: w.clients }, async () => {
    for (let i = 0; i < w.n; i += 1) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
  }));
  parentPort.postMessage(times);
})();`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { url, clients, n } });
    worker.once('message', (times: number[]) => {
      resolve(times);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function runOn(database: Database) {
  await migrate(database);
  await database.exec(seedSql(BIKES));
  await database.query(
    `INSERT INTO open_data_publication (fleet_id, system_id, published, settings)
     VALUES ($1, $2, true, $3::jsonb)`,
    [
      FLEET,
      SYSTEM_ID,
      JSON.stringify({
        ...defaultOpenDataSettings('Bench'),
        published: true,
        contactEmail: 'bench@example.com',
      }),
    ],
  );
  const bench = await startBenchServer(database);
  try {
    const url = `${bench.origin}/gbfs/v3/${SYSTEM_ID}/vehicle_status.json`;
    const call = async () => {
      const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      return body.byteLength;
    };
    const start = performance.now();
    const bytes = await call();
    const firstBuildMs = round(performance.now() - start);
    const alone = (await readersInWorker(url, 1, 20)).sort((a, b) => a - b);
    // four readers, each in its own thread (four cities' servers)
    const times = (await Promise.all(Array.from({ length: 4 }, () => readersInWorker(url, 1, 20))))
      .flat()
      .sort((a, b) => a - b);
    const [{ listed }] = (await database.query<{ listed: number }>(
      `SELECT count(*)::int AS listed FROM bike WHERE fleet_id = $1
          AND availability IN ('AVAILABLE', 'IN_OPERATION') AND status = 'PARKED'`,
      [FLEET],
    )) as [{ listed: number }];
    return {
      firstBuildMs,
      oneReader: { p50: round(percentile(alone, 50)), p95: round(percentile(alone, 95)) },
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      n: times.length,
      decodedBytes: bytes,
      listedAtMost: listed,
    };
  } finally {
    await bench.close();
  }
}

const result: Record<string, unknown> = { name: 'gbfs', bikes: BIKES };
Object.assign(result, await onEachDatabase('gbfs', runOn));
const figures = [result.pglite, result.postgres].filter(Boolean) as Array<{ p95: number }>;
result.targetMet = figures.every((f) => f.p95 <= 200);
console.log(`BENCH ${JSON.stringify(result)}`);
