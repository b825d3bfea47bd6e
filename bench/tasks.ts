// npm run bench -- tasks
// docs/performance.md, the speed of field work, on PGlite and PostgreSQL in one run:
//   ingest  the ingest with automatic tasks (the default) over a fleet of 100,000 bikes ≥ 0.9 ×
//           the same with TASK_AUTOMATION=false (no alert event reaches tasks.automate), phases
//           interleaved off, on, on, off (a linear drift of the machine counts the same for
//           both). The 200 publishing modules' vehicle battery runs down and is charged again
//           (the simulator's --battery-cycle 100): their low battery alerts open swap tasks and
//           cancel them when the battery is charged, in the worker of the same process.
//   list    GET tasks (the managers' list: active, soonest due first, 50 a page) p95 ≤ 50 ms at
//           10 clients over 50,000 open tasks (and 10,000 closed ones) of a 100,000-bike fleet;
//           also by priority within one kind, and the middle page by its cursor (`after`).
// Ends with one `BENCH {json}` line.
//   BENCH_ONLY             ingest | list (one part)
//   BENCH_DATABASES        pglite,postgres (the default) or one of them
//   PG_ADMIN_URL           PostgreSQL to create the bench databases on
//   BENCH_PGLITE_MESSAGES  messages per ingest phase on PGlite (20000); BENCH_MESSAGES on
//                          PostgreSQL (40000)
//   BENCH_TASK_BIKES       bikes of the fleet (100000); BENCH_OPEN_TASKS open tasks (50000)
//   BENCH_REQUESTS         list calls per client (50)
import os from 'node:os';
import { API_PREFIX } from '@vfm/contract';
import { migrate } from '../apps/server/src/migrate';
import { FLEET, seedSql } from './_fleet-seed';
import { ingestRun, phaseMessages, PG_ADMIN_URL, type IngestRun } from './_ingest-run';
import { measureClients } from './_clients';
import { BENCH_API_KEY, startBenchServer, benchDatabases } from './_server';

const ONLY = process.env.BENCH_ONLY;
const BIKES = Number(process.env.BENCH_TASK_BIKES ?? 100_000);
const OPEN_TASKS = Number(process.env.BENCH_OPEN_TASKS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CLIENTS = 10;
const { kinds: KINDS, withDatabase } = benchDatabases('tasks', PG_ADMIN_URL);
type Kind = (typeof KINDS)[number];

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

// ---------------------------------------------------------------------------------------
// ingest: automatic tasks on ÷ off

const lost = (r: IngestRun) => r.sent - r.distinctRows + r.failed + (r.rows - r.distinctRows);

/** The rest of the fleet: BIKES - 200 parked bikes beside the 200 publishing modules. */
const seedFleet = (fleetId: string) => `
INSERT INTO bike (fleet_id, vehicle_number, bike_code, module_id, model, latitude, longitude,
  last_communication_date, last_position_date, bike_battery_level, iot_battery_level)
SELECT '${fleetId}', 'TB' || lpad(i::text, 7, '0'), 'TBC' || lpad(i::text, 7, '0'),
  'T' || upper(lpad(to_hex(i), 5, '0')), 'Bench', 45.74 + random() * 0.04, 4.80 + random() * 0.06,
  now() - random() * interval '2 days', now() - random() * interval '2 days',
  20 + (random() * 80)::int, 80
FROM generate_series(1, ${Math.max(0, BIKES - 200)}) i;
ANALYZE bike;`;

async function ingestComparison(kind: Kind) {
  const messages = phaseMessages(kind);
  const load = { modules: 200, inflight: 20, batteryCycle: 100 };
  const rates = { off: [] as number[], on: [] as number[] };
  const cpu = { off: [] as number[], on: [] as number[] };
  let tasksOpened = 0;
  let lostMessages = 0;
  for (const phase of ['off', 'on', 'on', 'off'] as const) {
    const run = await ingestRun(
      kind,
      messages,
      load,
      { TASK_AUTOMATION: phase === 'on' ? 'true' : 'false' },
      {
        setup: async (database, fleetId) => {
          await database.exec(seedFleet(fleetId));
        },
        // the automatic tasks the run opened (open or cancelled since: each cycle of a battery)
        after: async (database) => {
          const [row] = await database.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM task WHERE cause IS NOT NULL',
          );
          return row?.n ?? 0;
        },
      },
    );
    rates[phase].push(Math.round(run.rate));
    cpu[phase].push(run.serverCpuMicrosPerMessage);
    lostMessages += lost(run);
    if (phase === 'on') tasksOpened = Math.max(tasksOpened, run.after ?? 0);
    console.log(
      `  ${kind} tasks ${phase.padEnd(3)}: ${Math.round(run.rate).toLocaleString('en')} msg/s  (${run.rows}/${run.sent} rows, ${run.batches} batches, ${run.serverCpuMicrosPerMessage} µs server CPU/msg, ${run.eventJobs} alert jobs${phase === 'on' ? `, ${run.after} automatic tasks` : ''})`,
    );
  }
  return {
    off: rates.off,
    on: rates.on,
    ratio: round(mean(rates.on) / mean(rates.off)),
    cpuRatio: round(mean(cpu.off) / mean(cpu.on)),
    tasksOpened,
    lost: lostMessages,
    messages,
    bikes: BIKES,
  };
}

// ---------------------------------------------------------------------------------------
// list: GET tasks at 10 clients over 50,000 open tasks

/** OPEN_TASKS active tasks (1 in 5 in progress, 1 in 3 without due time) and 10,000 closed. */
const seedTasks = () => `
INSERT INTO task (fleet_id, bike_id, kind, status, priority, due_at, created_at, updated_at)
SELECT fleet_id, id, (ARRAY['BATTERY_SWAP', 'REPAIR', 'INSPECT', 'REBALANCE'])[1 + id % 4],
  CASE WHEN id % 5 = 0 THEN 'IN_PROGRESS' ELSE 'OPEN' END,
  (ARRAY['LOW', 'NORMAL', 'HIGH', 'URGENT'])[1 + id % 4],
  CASE WHEN id % 3 = 0 THEN NULL ELSE now() + (id % 2000) * interval '1 hour' END,
  now() - (id % 500) * interval '1 minute', now()
FROM (SELECT fleet_id, id FROM bike WHERE fleet_id = '${FLEET}' ORDER BY id LIMIT ${OPEN_TASKS}) b;
INSERT INTO task (fleet_id, bike_id, kind, status, created_at, closed_at, updated_at)
SELECT fleet_id, id, 'INSPECT', 'DONE', now() - interval '2 days', now() - interval '1 day', now()
FROM (SELECT fleet_id, id FROM bike WHERE fleet_id = '${FLEET}' ORDER BY id DESC LIMIT 10000) b;
ANALYZE task;`;

async function listLatency(kind: Kind) {
  return withDatabase(kind, async (database) => {
    const seedStart = performance.now();
    await migrate(database);
    await database.exec(seedSql(BIKES));
    await database.exec(seedTasks());
    // the steady state: no autovacuum of the 160,000 rows just written beside the first measure
    await database.exec('VACUUM ANALYZE');
    const [count] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM task WHERE status IN ('OPEN', 'IN_PROGRESS')`,
    );
    console.log(
      `  ${kind}: ${BIKES} bikes, ${count!.n} open tasks seeded in ${Math.round(performance.now() - seedStart)} ms`,
    );
    const bench = await startBenchServer(database);
    try {
      const token = await bench.tokenFor('bench@example.com');
      const headers = { 'x-api-key': BENCH_API_KEY, authorization: `Bearer ${token}` };
      const base = `${bench.origin}${API_PREFIX}`;
      const first = await fetch(`${base}/tasks?size=50`, { headers });
      const page = (await first.json()) as { totalElements: number; content: unknown[] };
      if (first.status !== 200 || page.content.length !== 50)
        throw new Error(`tasks: ${first.status}`);
      const list = await measureClients(CLIENTS, REQUESTS, `${base}/tasks?size=50`, headers);
      const byPriority = await measureClients(
        CLIENTS,
        REQUESTS,
        `${base}/tasks?size=50&sort=priority&kind=BATTERY_SWAP`,
        headers,
      );
      // keyset (ADR 0105): the page after the middle of the list, by the cursor an OFFSET page
      // of the middle gives
      const middle = Math.floor(page.totalElements / 100);
      const deep = await fetch(`${base}/tasks?size=50&page=${middle}`, { headers });
      const { next } = (await deep.json()) as { next: string | null };
      if (deep.status !== 200 || !next) throw new Error(`tasks page ${middle}: ${deep.status}`);
      const byCursor = await measureClients(
        CLIENTS,
        REQUESTS,
        `${base}/tasks?size=50&after=${next}`,
        headers,
      );
      console.log(
        `  ${kind}: server CPU per call ${list.serverCpuMsPerCall} / ${byPriority.serverCpuMsPerCall} / ${byCursor.serverCpuMsPerCall} ms`,
      );
      console.log(
        `  ${kind}: GET tasks (due) p50 ${list.p50} ms, p95 ${list.p95} ms; by priority, one kind p50 ${byPriority.p50} ms, p95 ${byPriority.p95} ms; the middle page by cursor p50 ${byCursor.p50} ms, p95 ${byCursor.p95} ms (${CLIENTS} clients × ${REQUESTS}, ${page.totalElements} active)`,
      );
      return { list, byPriority, byCursor, openTasks: page.totalElements };
    } finally {
      await bench.close();
    }
  });
}

console.log(
  `tasks benchmark: ${BIKES} bikes, ${OPEN_TASKS} open tasks, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}`,
);
const result: Record<string, unknown> = { name: 'tasks' };
const targets: Record<string, boolean> = {};
for (const kind of KINDS) {
  const figures: Record<string, unknown> = {};
  if (!ONLY || ONLY === 'ingest') {
    const ingest = await ingestComparison(kind);
    console.log(
      `  ${kind}: ingest with automatic tasks ${ingest.ratio} × without (server CPU per message ${ingest.cpuRatio} ×), ${ingest.lost} lost`,
    );
    figures.ingest = ingest;
    targets[`${kind}IngestRatio`] = ingest.ratio >= 0.9;
    targets[`${kind}ZeroLoss`] = ingest.lost === 0;
  }
  if (!ONLY || ONLY === 'list') {
    const list = await listLatency(kind);
    figures.list = list;
    targets[`${kind}ListP95`] = list.list.p95 <= 50;
    targets[`${kind}ByPriorityP95`] = list.byPriority.p95 <= 50;
    targets[`${kind}ByCursorP95`] = list.byCursor.p95 <= 50;
  }
  result[kind] = figures;
}
result.loadAverage = os.loadavg()[0];
result.targets = targets;
console.log(`BENCH ${JSON.stringify(result)}`);
