// One ingest run as the benchmarks measure it (bench/ingest.ts, bench/alerts.ts): the VFM
// server (embedded broker, ingest, worker) on a fresh PGlite (files in a temp DATA_DIR) or a
// fresh PostgreSQL database (created and dropped), 200 provisioned modules, and the
// simulator's load generator (`--rate max`, its own process: the other core) publishing
// telemetry QoS 1 as fast as it is acknowledged. A PUBACK means "committed" (ADR 0010).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FloodResult } from '@vfm/simulator';
import { loadConfig } from '../apps/server/src/config/config';
import type { Database } from '../apps/server/src/db/client';
import type { ResolvedConfig } from '../apps/server/src/config/secrets';
import { JOBS_SCHEMA } from '../apps/server/src/jobs/queues';
import { createServer, type VfmServer } from '../apps/server/src/server';
import { provisionVehicles } from '../apps/server/src/modules/provisioning/provisioning-service';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const PG_ADMIN_URL =
  process.env.PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * Messages in one ingest phase of the benchmarks that compare PGlite and PostgreSQL:
 * BENCH_PGLITE_MESSAGES on PGlite (20,000), BENCH_MESSAGES on PostgreSQL (40,000).
 */
export const phaseMessages = (kind: 'pglite' | 'postgres') =>
  kind === 'pglite'
    ? Number(process.env.BENCH_PGLITE_MESSAGES ?? 20_000)
    : Number(process.env.BENCH_MESSAGES ?? 40_000);

export interface LoadOptions {
  modules: number;
  inflight: number;
  /** the simulator's --battery-cycle: a low battery starts and ends once per N messages */
  batteryCycle?: number;
}

/** Runs the simulator's load generator in its own process (the other core). */
export function publishers(
  brokerUrl: string,
  messages: number,
  load: LoadOptions,
  credentials?: string,
): Promise<FloodResult> {
  const args = [
    '--import',
    'tsx',
    path.join(ROOT, 'apps/simulator/src/cli.ts'),
    '--bikes',
    String(load.modules),
    '--broker',
    brokerUrl,
    '--rate',
    'max',
    '--messages',
    String(messages),
    '--inflight',
    String(load.inflight),
    ...(load.batteryCycle ? ['--battery-cycle', String(load.batteryCycle)] : []),
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

export interface IngestRun extends FloodResult {
  rows: number;
  distinctRows: number;
  batches: number;
  serverCpuMicrosPerMessage: number;
  /** domain events' jobs stored by the run (alerts.reconcile), and how many were done */
  eventJobs: number;
  eventJobsDone: number;
  /** after the last PUBACK, until every event's job was done (the worker's backlog) */
  drainMs: number;
  /** what the `after` hook answered */
  after?: number;
  /** the worker process's CPU per message (µs), when it ran in its own process */
  workerCpuMicrosPerMessage?: number;
}

/**
 * The deployment docs/operations.md recommends on PostgreSQL (ADR 0081): the jobs' handlers
 * in a process of their own (`VFM_ROLES=worker`), `node src/main.ts` as the cluster runs it.
 * Ready when it ran a probe job; answers its CPU time (from /proc) and its stop.
 */
async function startWorkerProcess(databaseUrl: string, dataDir: string, server: VfmServer) {
  const { database } = server;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production-bench',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dataDir, 'worker'),
      VFM_ROLES: 'worker',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: 'false',
      SIMULATOR_BIKES: '0',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const token = `bench-${Date.now()}`;
  await server.jobs.send(null, 'jobs.probe', { token });
  for (const started = performance.now(); ;) {
    const rows = await database.query('SELECT 1 FROM job_probe WHERE token = $1', [token]);
    if (rows.length) break;
    if (child.exitCode !== null || performance.now() - started > 60_000)
      throw new Error('the worker process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  /** user + system CPU of the process so far, in µs (Linux /proc) */
  const cpuMicros = async () => {
    const stat = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return ((Number(stat[11]) + Number(stat[12])) / 100) * 1e6;
  };
  return {
    cpuMicros,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A fresh server and database, the modules provisioned, `messages` published; `env` is
 * passed to the server's configuration (ALERT_DETECTION, INGEST_BATCH_ROWS, …).
 */
export async function ingestRun(
  kind: 'pglite' | 'postgres',
  messages: number,
  load: LoadOptions,
  env: Record<string, string> = {},
  hooks: {
    /** runs once the fleet exists, before the modules publish (e.g. draws the fleet's zones) */
    setup?: (database: Database, fleetId: string) => Promise<void>;
    /** runs when the run is done, before the server closes: its answer is the run's `after` */
    after?: (database: Database) => Promise<number>;
    /** PostgreSQL: the jobs' worker in a process of its own (roles api,ingest here) */
    workerProcess?: boolean;
  } = {},
): Promise<IngestRun> {
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
      ...(hooks.workerProcess ? { VFM_ROLES: 'api,ingest' } : {}),
      ...(process.env.INGEST_BATCH_ROWS
        ? { INGEST_BATCH_ROWS: process.env.INGEST_BATCH_ROWS }
        : {}),
      ...(process.env.INGEST_FLUSH_MS ? { INGEST_FLUSH_MS: process.env.INGEST_FLUSH_MS } : {}),
      ...env,
    }),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  } as ResolvedConfig;
  const server = await createServer(config);
  let worker: Awaited<ReturnType<typeof startWorkerProcess>> | null = null;
  try {
    const { database } = server;
    const [fleet] = await database.query<{ id: string }>(
      "INSERT INTO fleet (name) VALUES ('Bench') RETURNING id",
    );
    const lines = Array.from({ length: load.modules }, (_, i) => ({
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
    await hooks.setup?.(database, fleet!.id);
    if (hooks.workerProcess) {
      if (!databaseUrl) throw new Error('a worker process needs PostgreSQL');
      worker = await startWorkerProcess(databaseUrl, dataDir, server);
    }
    const workerCpu = (await worker?.cpuMicros()) ?? 0;
    const credentials = path.join(dataDir, 'credentials.json');
    await writeFile(credentials, JSON.stringify(provisioned));
    const cpu = process.cpuUsage();
    const result = await publishers(server.iot!.brokerUrl, messages, load, credentials);
    await server.iot!.pipeline.flush();
    const used = process.cpuUsage(cpu);
    const serverCpuMicrosPerMessage = Math.round((used.user + used.system) / messages);
    const [row] = await database.query<{ n: number; distinct_seq: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT (bike_id, seq))::int AS distinct_seq FROM telemetry',
    );
    // the worker's share: until the events' jobs are done (what the run left behind it)
    const drainStarted = performance.now();
    let jobs = { n: 0, done: 0 };
    for (;;) {
      [jobs = jobs] = await database.query<{ n: number; done: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'completed')::int AS done
           FROM ${JOBS_SCHEMA}.job WHERE name = 'alerts.reconcile'`,
      );
      if (jobs.done >= jobs.n || performance.now() - drainStarted > 30_000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const drainMs = Math.round(performance.now() - drainStarted);
    const after = hooks.after ? await hooks.after(database) : undefined;
    const workerCpuMicrosPerMessage = worker
      ? Math.round(((await worker.cpuMicros()) - workerCpu) / messages)
      : undefined;
    return {
      after,
      workerCpuMicrosPerMessage,
      ...result,
      rows: row!.n,
      distinctRows: row!.distinct_seq,
      batches: server.iot!.metrics.batches,
      serverCpuMicrosPerMessage,
      eventJobs: jobs.n,
      eventJobsDone: jobs.done,
      drainMs,
    };
  } finally {
    await worker?.stop();
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
