// npm run bench -- ingest
// Simulated modules (a separate process: apps/simulator `--rate max`) publish telemetry QoS 1 as
// fast as they are acknowledged. Measured in one run:
//   raw      the embedded broker (aedes) alone with a do-nothing QoS 1 subscriber;
//   pglite   the VFM server (embedded broker + ingest) on PGlite (files in a temp DATA_DIR);
//   postgres the same on PostgreSQL (a bench database created and dropped).
// With ingest, a PUBACK means "committed" (ADR 0010), so acknowledged messages per second are
// rows committed per second; the run checks that the table holds exactly what was sent.
// Options (environment): BENCH_MODULES (200), BENCH_INFLIGHT (20), BENCH_MESSAGES (100000),
// BENCH_PGLITE_MESSAGES (30000), PG_ADMIN_URL (postgresql://postgres@127.0.0.1:5432/postgres),
// BENCH_ONLY (raw | pglite | postgres: one phase, for profiling); INGEST_BATCH_ROWS and
// INGEST_FLUSH_MS are passed to the server.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import pg from 'pg';
import { UP_TOPIC_FILTER } from '@vfm/contract';
import type { FloodResult } from '@vfm/simulator';
import { loadConfig } from '../apps/server/src/config/config';
import type { ResolvedConfig } from '../apps/server/src/config/secrets';
import { createServer } from '../apps/server/src/server';
import { provisionVehicles } from '../apps/server/src/modules/provisioning/provisioning-service';

const MODULES = Number(process.env.BENCH_MODULES ?? 200);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 20);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const PGLITE_MESSAGES = Number(process.env.BENCH_PGLITE_MESSAGES ?? 30_000);
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..');
const ONLY = process.env.BENCH_ONLY;
if (ONLY) {
  const r =
    ONLY === 'raw'
      ? await rawBroker()
      : await ingest(ONLY as 'pglite' | 'postgres', ONLY === 'pglite' ? PGLITE_MESSAGES : MESSAGES);
  console.log(`${ONLY}: ${JSON.stringify(r)}`);
  process.exit(0);
}

/** Runs the simulator's load generator in its own process (the other core). */
function publishers(
  brokerUrl: string,
  messages: number,
  credentials?: string,
): Promise<FloodResult> {
  const args = [
    '--import',
    'tsx',
    path.join(ROOT, 'apps/simulator/src/cli.ts'),
    '--bikes',
    String(MODULES),
    '--broker',
    brokerUrl,
    '--rate',
    'max',
    '--messages',
    String(messages),
    '--inflight',
    String(INFLIGHT),
    ...(credentials ? ['--credentials', credentials] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) return reject(new Error(`publishers failed:\n${out}`));
      resolve(JSON.parse(line.slice(7)) as FloodResult);
    });
  });
}

async function rawBroker(): Promise<FloodResult & { delivered: number }> {
  const broker = await Aedes.createBroker();
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const subscriber = await mqtt.connectAsync(url, { clientId: 'do-nothing' });
  let delivered = 0;
  subscriber.on('message', () => (delivered += 1));
  await subscriber.subscribeAsync(UP_TOPIC_FILTER, { qos: 1 });
  const result = await publishers(url, MESSAGES);
  const deadline = Date.now() + 30_000;
  while (delivered < result.acknowledged && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  await subscriber.endAsync(true);
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  server.close();
  return { ...result, delivered };
}

async function ingest(kind: 'pglite' | 'postgres', messages: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `vfm-bench-${kind}-`));
  const dbName = `vfm_bench_${Date.now()}`;
  let databaseUrl: string | null = null;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = {
    ...loadConfig({
      NODE_ENV: 'production-bench',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DEMO: 'false',
      SIMULATOR_BIKES: '0',
      LOG_LEVEL: 'warn',
      ...(process.env.INGEST_BATCH_ROWS
        ? { INGEST_BATCH_ROWS: process.env.INGEST_BATCH_ROWS }
        : {}),
      ...(process.env.INGEST_FLUSH_MS ? { INGEST_FLUSH_MS: process.env.INGEST_FLUSH_MS } : {}),
    }),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  } as ResolvedConfig;
  const server = await createServer(config);
  try {
    const { database } = server;
    const [fleet] = await database.query<{ id: string }>(
      "INSERT INTO fleet (name) VALUES ('Bench') RETURNING id",
    );
    const lines = Array.from({ length: MODULES }, (_, i) => ({
      line: i + 2,
      vehicleNumber: `BENCH-${i}`,
      bikeCode: `BENCHC-${i}`,
      moduleId: `B${i.toString(36).toUpperCase().padStart(5, '0')}`,
      model: 'Bench',
      group: null,
    }));
    const provisioned = await database.transaction((tx) =>
      provisionVehicles(tx, {
        fleetId: fleet!.id,
        actorEmail: 'bench@vfm.local',
        lines,
        now: new Date(),
      }),
    );
    const credentials = path.join(dataDir, 'credentials.json');
    await writeFile(credentials, JSON.stringify(provisioned));
    const cpu = process.cpuUsage();
    const result = await publishers(server.iot!.brokerUrl, messages, credentials);
    await server.iot!.pipeline.flush();
    const used = process.cpuUsage(cpu);
    const serverCpuMicrosPerMessage = Math.round((used.user + used.system) / messages);
    const [row] = await database.query<{ n: number; distinct_seq: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT (bike_id, seq))::int AS distinct_seq FROM telemetry',
    );
    return {
      ...result,
      rows: row!.n,
      distinctRows: row!.distinct_seq,
      batches: server.iot!.metrics.batches,
      serverCpuMicrosPerMessage,
    };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    }
  }
}

const fmt = (rate: number) => `${Math.round(rate).toLocaleString('en')} msg/s`;

console.log(
  `ingest benchmark: ${MODULES} modules × ${INFLIGHT} QoS 1 messages in flight, ${os.cpus().length} CPUs`,
);
const raw = await rawBroker();
console.log(
  `raw broker (aedes, do-nothing subscriber): ${fmt(raw.rate)}  (${raw.acknowledged} acknowledged, ${raw.delivered} delivered)`,
);
const pglite = await ingest('pglite', PGLITE_MESSAGES);
console.log(
  `ingest on PGlite:     ${fmt(pglite.rate)} committed  (${pglite.rows}/${pglite.sent} rows, ${pglite.batches} batches, ${pglite.serverCpuMicrosPerMessage} µs server CPU/msg) = ${(pglite.rate / raw.rate).toFixed(2)} × raw`,
);
const postgres = await ingest('postgres', MESSAGES);
console.log(
  `ingest on PostgreSQL: ${fmt(postgres.rate)} committed  (${postgres.rows}/${postgres.sent} rows, ${postgres.batches} batches, ${postgres.serverCpuMicrosPerMessage} µs server CPU/msg) = ${(postgres.rate / raw.rate).toFixed(2)} × raw`,
);
const lost = (r: { sent: number; rows: number; distinctRows: number; failed: number }) =>
  r.sent - r.distinctRows + r.failed + (r.rows - r.distinctRows);
const result = {
  name: 'ingest',
  modules: MODULES,
  inflight: INFLIGHT,
  rawBrokerMsgPerSec: Math.round(raw.rate),
  pgliteMsgPerSec: Math.round(pglite.rate),
  postgresMsgPerSec: Math.round(postgres.rate),
  pgliteRatio: Number((pglite.rate / raw.rate).toFixed(3)),
  postgresRatio: Number((postgres.rate / raw.rate).toFixed(3)),
  pgliteServerCpuMicrosPerMsg: pglite.serverCpuMicrosPerMessage,
  postgresServerCpuMicrosPerMsg: postgres.serverCpuMicrosPerMessage,
  loadAverage: os.loadavg()[0],
  pgliteLost: lost(pglite),
  postgresLost: lost(postgres),
  targets: {
    postgres: postgres.rate >= 10_000 && postgres.rate >= 0.25 * raw.rate,
    pglite: pglite.rate >= 2_000,
    zeroLoss: lost(pglite) === 0 && lost(postgres) === 0,
  },
};
console.log(`BENCH ${JSON.stringify(result)}`);
