// npm run bench -- notifications
// docs/performance.md: the ingest with 1,000 alert rules in the fleet ≥ 0.9 × the same with none, in
// one run, phases interleaved none, rules, rules, none (a linear drift of the machine counts
// the same for both). The modules' battery runs down and is charged again (the simulator's
// --battery-cycle 100): ~2 % of the messages open or clear a low battery; with the rules, each
// opened alert is matched against the 1,000 rules (20 users × 50 rules, all bikes, in the app)
// by the `notifications.fanout` job. Two deployments: the worker in the same process as the
// ingest (the single default process; PGlite's only one), and on PostgreSQL also the worker in
// its own process (`VFM_ROLES=worker`, ADR 0081; the ingest's process has api,ingest) — the
// recommended deployment on PostgreSQL (docs/operations.md). Ends with one `BENCH {json}` line.
//   BENCH_DATABASES        pglite,postgres (the default) or one of them
//   PG_ADMIN_URL           PostgreSQL to create the bench databases on
//   BENCH_PGLITE_MESSAGES  messages per phase on PGlite (20000); BENCH_MESSAGES on PostgreSQL
//                          (40000)
//   BENCH_DEPLOYMENTS      on PostgreSQL: one-process,own-worker (the default) or one of them
import os from 'node:os';
import { ROLE_USER } from '@vfm/contract';
import { JOBS_SCHEMA } from '../apps/server/src/jobs/queues';
import type { Database } from '../apps/server/src/db/client';
import { ingestRun, phaseMessages, type IngestRun } from './_ingest-run';
import { benchDatabaseKinds } from './_server';

const KINDS = benchDatabaseKinds();
type Deployment = 'one-process' | 'own-worker';
const DEPLOYMENTS = (process.env.BENCH_DEPLOYMENTS ?? 'one-process,own-worker').split(
  ',',
) as Deployment[];
const RULES = 1000;
const USERS = 20;

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const lost = (r: IngestRun) => r.sent - r.distinctRows + r.failed + (r.rows - r.distinctRows);

/** 20 managers of the fleet with 50 rules each: every alert kind, every bike, in the app. */
async function thousandRules(database: Database, fleetId: string) {
  await database.exec(`
    WITH users AS (
      INSERT INTO account (fleet_id, email, roles, status)
      SELECT '${fleetId}', 'bench-' || i || '@vfm.local', ARRAY['${ROLE_USER}'], 'ACTIVE'
        FROM generate_series(1, ${USERS}) AS i
      RETURNING id)
    INSERT INTO notification_rule (fleet_id, account_id, name, kinds, bike_scope, channels)
    SELECT '${fleetId}', u.id, 'Bench ' || r,
           ARRAY['LOW_VEHICLE_BATTERY', 'LOW_MODULE_BATTERY', 'SUSPECTED_THEFT'], 'ALL', ARRAY['IN_APP']
      FROM users u CROSS JOIN generate_series(1, ${RULES / USERS}) AS r`);
}

/**
 * The notifications the rules made, once the fan-out's jobs are done (at most 30 s more), and
 * the fan-out's jobs that were retried (with the last error): a retry is the fan-out's delay.
 */
async function notificationsMade(database: Database) {
  const started = performance.now();
  for (;;) {
    const [row] = await database.query<{ notifications: number; waiting: number }>(
      `SELECT (SELECT count(*)::int FROM notification) AS notifications,
              (SELECT count(*)::int FROM ${JOBS_SCHEMA}.job
                WHERE name = 'notifications.fanout' AND state <> 'completed') AS waiting`,
    );
    if (!row!.waiting || performance.now() - started > 30_000) {
      const [retried] = await database.query<{ jobs: number; error: string | null }>(
        `SELECT count(*)::int AS jobs, max(output::text) AS error FROM ${JOBS_SCHEMA}.job
          WHERE name = 'notifications.fanout' AND retry_count > 0`,
      );
      return {
        notifications: row!.notifications,
        fanOutMs: Math.round(performance.now() - started),
        retried: retried!.jobs,
        ...(retried!.error ? { error: retried!.error.slice(0, 300) } : {}),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

console.log(`notifications benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]}`);
const result: Record<string, unknown> = { name: 'notifications' };
const targets: Record<string, boolean> = {};
console.log(`ingest with ${RULES} rules ÷ with none (phases none, rules, rules, none):`);
const runs = KINDS.flatMap((kind) =>
  kind === 'pglite'
    ? [{ kind, deployment: 'one-process' as Deployment }]
    : DEPLOYMENTS.map((deployment) => ({ kind, deployment })),
);
for (const { kind, deployment } of runs) {
  const label = kind === 'pglite' ? kind : `${kind} ${deployment}`;
  const key =
    kind === 'pglite'
      ? 'pgliteIngest'
      : `postgresIngest${deployment === 'own-worker' ? 'OwnWorker' : ''}`;
  const messages = phaseMessages(kind);
  const load = { modules: 200, inflight: 20, batteryCycle: 100 };
  const rates = { none: [] as number[], rules: [] as number[] };
  const cpu = { none: [] as number[], rules: [] as number[] };
  const workerCpu = { none: [] as number[], rules: [] as number[] };
  let lostMessages = 0;
  const made: Array<Awaited<ReturnType<typeof notificationsMade>>> = [];
  for (const phase of ['none', 'rules', 'rules', 'none'] as const) {
    let seen: Awaited<ReturnType<typeof notificationsMade>> = {
      notifications: 0,
      fanOutMs: 0,
      retried: 0,
    };
    const run = await ingestRun(
      kind,
      messages,
      load,
      {},
      {
        setup: async (database, fleetId) => {
          if (phase === 'rules') await thousandRules(database, fleetId);
        },
        after: async (database) => {
          seen = await notificationsMade(database);
          return seen.notifications;
        },
        workerProcess: deployment === 'own-worker',
      },
    );
    rates[phase].push(Math.round(run.rate));
    cpu[phase].push(run.serverCpuMicrosPerMessage);
    if (run.workerCpuMicrosPerMessage !== undefined)
      workerCpu[phase].push(run.workerCpuMicrosPerMessage);
    lostMessages += lost(run);
    if (phase === 'rules') made.push(seen);
    console.log(
      `  ${label} ${phase.padEnd(5)}: ${Math.round(run.rate).toLocaleString('en')} msg/s  (${run.rows}/${run.sent} rows, ${run.serverCpuMicrosPerMessage} µs server CPU/msg${run.workerCpuMicrosPerMessage === undefined ? '' : ` + ${run.workerCpuMicrosPerMessage} µs in the worker's process`}, ${run.eventJobs} event jobs, ${seen.notifications} notifications, fan-out done ${seen.fanOutMs} ms after the worker's alerts${seen.retried ? `, ${seen.retried} fan-out jobs retried: ${seen.error}` : ''})`,
    );
  }
  const ratio = round(mean(rates.rules) / mean(rates.none));
  // server CPU per message, none ÷ rules: the rules' cost whatever else loads the machine
  const cpuRatio = round(mean(cpu.none) / mean(cpu.rules));
  console.log(
    `  ${label}: with rules ÷ none = ${ratio} (target ≥ 0.9); server CPU per message none ÷ rules ${cpuRatio}; ${lostMessages} lost`,
  );
  result[key] = {
    ...rates,
    ratio,
    cpu,
    cpuRatio,
    ...(deployment === 'own-worker' ? { workerCpu } : {}),
    messages,
    lost: lostMessages,
    made,
    loadAverage: os.loadavg()[0],
  };
  targets[key] = ratio >= 0.9 && lostMessages === 0;
}
result.loadAverage = os.loadavg()[0];
result.targets = targets;
console.log(`BENCH ${JSON.stringify(result)}`);
process.exit(0);
