// npm run bench -- live
// The live path a manager watches: module publishes → broker → ingest → database → fleet/stream
// → browser. The VFM server (embedded broker + ingest + API) runs here on PostgreSQL (a bench
// database created and dropped) with BENCH_BIKES bikes; a second process (bench/_live-load.ts)
// holds BENCH_CLIENTS SSE clients and BENCH_MODULES modules publishing telemetry at each steady
// rate of BENCH_RATES for BENCH_SECONDS, and first, as the yardstick of each rate, the same
// publishing to a bare broker (aedes) with one subscriber.
// Prints per rate: publish → SSE p50/p95/p99, deliveries, resyncs, and the bare broker's
// latency. Targets: p95 ≤ 300 ms at 100 and 1,000 msg/s; no resync below 2,000 msg/s.
// Ends with one `BENCH {json}` line.
//   BENCH_DATABASE_URL  server to create the bench database on (default: DATABASE_URL, else
//                       postgresql://postgres@127.0.0.1:5432/postgres)
//   BENCH_BIKES (10000) BENCH_CLIENTS (50) BENCH_MODULES (2000) BENCH_SECONDS (15)
//   BENCH_RATES (100,1000,2000)
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@vfm/contract';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { hashModuleSecret } from '../apps/server/src/lib/module-secret';
import { FLEET, seedSql } from './_fleet-seed';
import type { LoadConfig, PhaseResult } from './_live-load';
import { BENCH_API_KEY, adminQuery, benchPostgresUrl, startBenchServer } from './_server';

const BIKES = Number(process.env.BENCH_BIKES ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const MODULES = Math.min(BIKES, Number(process.env.BENCH_MODULES ?? 2000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATES = (process.env.BENCH_RATES ?? '100,1000,2000').split(',').map(Number);
const SECRET = 'bench-module-secret';

function runLoad(configFile: string): Promise<PhaseResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '_live-load.ts'), configFile],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) return reject(new Error(`load generator failed (${code}):\n${out}`));
      resolve(JSON.parse(line.slice(7)) as PhaseResult[]);
    });
  });
}

const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);
console.log(
  `live benchmark: ${BIKES} bikes, ${CLIENTS} SSE clients, ${MODULES} modules, ${SECONDS} s per rate, ` +
    `${os.cpus().length} CPUs, load average ${load().join(' ')}`,
);
const loadBefore = load();
const baseUrl = benchPostgresUrl();
const benchDb = `vfm_bench_live_${process.pid}`;
await adminQuery(baseUrl, `CREATE DATABASE "${benchDb}"`);
const url = new URL(baseUrl);
url.pathname = `/${benchDb}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
const dir = await mkdtemp(path.join(os.tmpdir(), 'vfm-bench-live-'));
let phases: PhaseResult[];
try {
  await migrate(database);
  await database.exec(seedSql(BIKES));
  // every bike gets a module credential with the same secret (one hash: the seed is not the
  // measured part)
  const hash = await hashModuleSecret(SECRET);
  await database.query(
    `INSERT INTO module_credential (module_id, bike_id, secret_hash)
     SELECT module_id, id, $2 FROM bike WHERE fleet_id = $1`,
    [FLEET, hash],
  );
  const modules = await database.query<{ module_id: string }>(
    `SELECT module_id FROM bike WHERE fleet_id = $1 ORDER BY random() LIMIT ${MODULES}`,
    [FLEET],
  );
  const bench = await startBenchServer(database, {
    VFM_ROLES: 'api,ingest',
    MQTT_PORT: '0',
    NODE_ENV: 'production-bench',
  });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i += 1) tokens.push(await bench.tokenFor('bench@example.com'));
    const config: LoadConfig = {
      brokerUrl: bench.server.iot!.brokerUrl,
      streamUrl: `${bench.origin}${API_PREFIX}/fleet/stream`,
      apiKey: BENCH_API_KEY,
      tokens,
      modules: modules.map((m) => ({ moduleId: m.module_id, secret: SECRET })),
      rates: RATES,
      seconds: SECONDS,
      yardstickModules: Math.min(MODULES, 500),
    };
    const configFile = path.join(dir, 'load.json');
    await writeFile(configFile, JSON.stringify(config));
    phases = await runLoad(configFile);
  } finally {
    await bench.close();
  }
} finally {
  await database.close();
  await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${benchDb}" WITH (FORCE)`);
  await rm(dir, { recursive: true, force: true });
}

const ms = (x: number) => `${Math.round(x)}`.padStart(6);
console.log(
  '\nrate msg/s  published  p50 ms  p95 ms  p99 ms  max ms  deliveries  bikes seen  resyncs  │ bare broker p50  p95  p99',
);
for (const p of phases) {
  console.log(
    `${String(p.rate).padStart(10)}  ${String(p.published).padStart(9)}  ${ms(p.latency.p50)}  ${ms(p.latency.p95)}  ${ms(p.latency.p99)}  ${ms(p.latency.max)}  ${String(p.deliveries).padStart(10)}  ${`${p.bikesSeen}/${p.bikesPublished}`.padStart(10)}  ${String(p.resyncs).padStart(7)}  │ ${ms(p.yardstick.p50)} ${ms(p.yardstick.p95)} ${ms(p.yardstick.p99)}`,
  );
}
const targets = {
  p95Under300: phases.filter((p) => p.rate <= 1000).every((p) => p.latency.p95 <= 300),
  noResyncUnder2000: phases.filter((p) => p.rate <= 2000).every((p) => p.resyncs === 0),
};
console.log('\ntargets:', targets);
console.log(
  `BENCH ${JSON.stringify({
    name: 'live',
    bikes: BIKES,
    clients: CLIENTS,
    modules: MODULES,
    seconds: SECONDS,
    phases,
    targets,
    loadAverage: [loadBefore, load()],
  })}`,
);
