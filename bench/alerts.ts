// npm run bench -- alerts
// docs/performance.md, the speed of warnings that fire, on PGlite and PostgreSQL in one run:
//   ingest  the ingest with warning detection on (the batches publish their warning events) ≥
//           0.9 × the same with it off (ALERT_DETECTION=false), phases interleaved off, on, on,
//           off (a linear drift of the machine counts the same for both); the modules' vehicle
//           battery runs down and is charged again (the simulator's --battery-cycle 100), so
//           ~2 % of the messages start or end a low battery (each: an event, a job, a
//           reconciliation by the worker, running in the same process);
//   sweep   the per-minute sweep (`sweepAlerts`) over 100,000 bikes (bench/_fleet-seed.ts:
//           ~65 % silent past 168 h, and low batteries), the first run (opens the alerts) and
//           the steady state (nothing changes) < 1 s;
//   stream  an alert reaches the stream ≤ 1 s after its cause (p95): a server (embedded broker,
//           ingest, worker, API), a signed-in SSE client of fleet/stream, modules publishing a
//           low then a high battery; from the publish to the `alerts` frame naming the bike.
// Ends with one `BENCH {json}` line.
//   BENCH_ONLY             ingest | sweep | stream (one part)
//   BENCH_DATABASES        pglite,postgres (the default) or one of them
//   PG_ADMIN_URL           PostgreSQL to create the bench databases on
//                          (postgresql://postgres@127.0.0.1:5432/postgres)
//   BENCH_PGLITE_MESSAGES  messages per ingest phase on PGlite (20000); BENCH_MESSAGES on
//                          PostgreSQL (40000)
//   BENCH_SAMPLES          stream samples per database (50)
import os from 'node:os';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { MQTT_QOS, upTopic } from '@vfm/contract';
import { migrate } from '../apps/server/src/migrate';
import { Jobs } from '../apps/server/src/jobs/job-queue';
import { sweepAlerts } from '../apps/server/src/modules/alerts/service';
import { connectModules, parkedTelemetry, provisionBenchBikes } from './_modules';
import { FLEET, seedSql } from './_fleet-seed';
import { ingestRun, phaseMessages, PG_ADMIN_URL, type IngestRun } from './_ingest-run';
import { BENCH_API_KEY, startBenchServer, benchDatabases } from './_server';
import { openStreamOf } from '../apps/server/test/helpers/sse';
import { percentile } from './_clients';

const ONLY = process.env.BENCH_ONLY;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const SWEEP_BIKES = 100_000;
const { kinds: KINDS, withDatabase } = benchDatabases('alerts', PG_ADMIN_URL);
type Kind = (typeof KINDS)[number];

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------
// ingest: detection on ÷ off

interface IngestFigures {
  off: number[];
  on: number[];
  ratio: number;
  /** the same with the worker's backlog after the last PUBACK counted in the time */
  onWithBacklog: number[];
  ratioWithBacklog: number;
  /** server CPU per message, off ÷ on: the cost of the detection whatever else loads the machine */
  cpuOff: number[];
  cpuOn: number[];
  cpuRatio: number;
  eventJobs: number;
  eventJobsDone: number;
  messages: number;
  lost: number;
}

const lost = (r: IngestRun) => r.sent - r.distinctRows + r.failed + (r.rows - r.distinctRows);

async function ingestComparison(kind: Kind): Promise<IngestFigures> {
  const messages = phaseMessages(kind);
  const load = { modules: 200, inflight: 20, batteryCycle: 100 };
  const figures: IngestFigures = {
    off: [],
    on: [],
    ratio: 0,
    onWithBacklog: [],
    ratioWithBacklog: 0,
    cpuOff: [],
    cpuOn: [],
    cpuRatio: 0,
    eventJobs: 0,
    eventJobsDone: 0,
    messages,
    lost: 0,
  };
  for (const phase of ['off', 'on', 'on', 'off'] as const) {
    const run = await ingestRun(kind, messages, load, {
      ALERT_DETECTION: phase === 'on' ? 'true' : 'false',
    });
    figures[phase].push(Math.round(run.rate));
    figures[phase === 'on' ? 'cpuOn' : 'cpuOff'].push(run.serverCpuMicrosPerMessage);
    figures.lost += lost(run);
    if (phase === 'on') {
      figures.onWithBacklog.push(Math.round(run.acknowledged / (run.seconds + run.drainMs / 1000)));
      figures.eventJobs += run.eventJobs;
      figures.eventJobsDone += run.eventJobsDone;
    }
    console.log(
      `  ${kind} detection ${phase.padEnd(3)}: ${Math.round(run.rate).toLocaleString('en')} msg/s  (${run.rows}/${run.sent} rows, ${run.batches} batches, ${run.serverCpuMicrosPerMessage} µs server CPU/msg, ${run.eventJobs} event jobs, done ${run.drainMs} ms after the last PUBACK)`,
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  figures.ratio = round(mean(figures.on) / mean(figures.off), 3);
  figures.ratioWithBacklog = round(mean(figures.onWithBacklog) / mean(figures.off), 3);
  figures.cpuRatio = round(mean(figures.cpuOff) / mean(figures.cpuOn), 3);
  return figures;
}

// ---------------------------------------------------------------------------------------
// sweep: 100,000 bikes

interface SweepFigures {
  firstMs: number;
  firstChanges: number;
  steadyMs: number[];
  steadyChanges: number;
  activeAlerts: number;
}

async function sweep(kind: Kind): Promise<SweepFigures> {
  return withDatabase(kind, async (database) => {
    await migrate(database);
    await database.exec(seedSql(SWEEP_BIKES));
    // the ingest keeps these (derive.ts): low batteries, since some time in the last days
    await database.exec(`
      UPDATE bike SET low_vehicle_battery_since = now() - random() * interval '3 days'
       WHERE fleet_id = '${FLEET}' AND bike_battery_level <= 20;
      UPDATE bike SET low_module_battery_since = now() - random() * interval '3 days'
       WHERE fleet_id = '${FLEET}' AND iot_battery_level <= 20;
      ANALYZE bike;`);
    const jobs = await Jobs.open(database, pino({ level: 'silent' }), false);
    try {
      const timed = async () => {
        const started = performance.now();
        const changes = await sweepAlerts(database, jobs, new Date());
        return { ms: round(performance.now() - started), changes: changes.length };
      };
      const first = await timed();
      const steady: Array<{ ms: number; changes: number }> = [];
      for (let i = 0; i < 5; i += 1) steady.push(await timed());
      const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM alert WHERE cleared_at IS NULL',
      );
      console.log(
        `  ${kind}: first sweep ${first.ms} ms (${first.changes} alerts opened), steady state ${steady.map((s) => s.ms).join(' / ')} ms (${steady.reduce((a, s) => a + s.changes, 0)} changes), ${n} active alerts`,
      );
      return {
        firstMs: first.ms,
        firstChanges: first.changes,
        steadyMs: steady.map((s) => s.ms),
        steadyChanges: steady.reduce((a, s) => a + s.changes, 0),
        activeAlerts: n,
      };
    } finally {
      await jobs.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------
// stream: publish → `alerts` frame

/** A signed-in SSE client of fleet/stream: every frame with its arrival time. */
async function openStream(origin: string, token: string) {
  const stream = await openStreamOf(origin, {
    'x-api-key': BENCH_API_KEY,
    authorization: `Bearer ${token}`,
  });
  if (stream.status !== 200) throw new Error(`stream ${stream.status}`);
  return stream;
}

interface StreamFigures {
  samples: number;
  p50: number;
  p95: number;
  max: number;
  missed: number;
}

/** bikes sampled in turn: a bike's previous change is older than the hub's 5 s lookback */
const STREAM_BIKES = 12;
const GAP_MS = 400;

async function streamLatency(kind: Kind): Promise<StreamFigures> {
  return withDatabase(kind, async (database) => {
    const bench = await startBenchServer(database, {
      VFM_ROLES: 'api,ingest,worker',
      MQTT_PORT: '0',
    });
    const modules: MqttClient[] = [];
    try {
      await database.exec(seedSql(1000));
      const provisioned = await provisionBenchBikes(database, STREAM_BIKES, 'ALERT', 'AL');
      await connectModules(bench.server.iot!.brokerUrl, provisioned.modules, modules);
      const stream = await openStream(bench.origin, await bench.tokenFor('bench@example.com'));
      await stream.next((f) => f.event === 'ready', 10_000);
      let seq = 0;
      const sample = async (i: number) => {
        const bike = i % STREAM_BIKES;
        const vehicleNumber = `ALERT-${bike}`;
        // each bike alternates: low (opens LOW_VEHICLE_BATTERY), then high (clears it)
        const low = Math.floor(i / STREAM_BIKES) % 2 === 0;
        seq += 1;
        const body = parkedTelemetry(seq, low);
        const seen = stream.frames.length;
        const started = performance.now();
        await modules[bike]!.publishAsync(
          upTopic(provisioned.modules[bike]!.moduleId, 'telemetry'),
          JSON.stringify(body),
          { qos: MQTT_QOS },
        );
        const frame = await stream.next(
          (f) =>
            stream.frames.indexOf(f) >= seen &&
            f.event === 'alerts' &&
            !!f.data.vehicleNumbers?.includes(vehicleNumber),
          10_000,
        );
        return frame.at - started;
      };
      // warm-up: each bike's first message loads its state; plans, JIT
      for (let i = 0; i < STREAM_BIKES; i += 1) {
        await sample(i).catch(() => 0);
        await sleep(GAP_MS);
      }
      const times: number[] = [];
      let missed = 0;
      for (let i = 0; i < SAMPLES; i += 1) {
        try {
          times.push(await sample(STREAM_BIKES + i));
        } catch {
          missed += 1;
        }
        await sleep(GAP_MS);
      }
      stream.close();
      times.sort((a, b) => a - b);
      const figures = {
        samples: times.length,
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        max: round(times.at(-1) ?? 0),
        missed,
      };
      console.log(
        `  ${kind}: publish → alerts frame p50 ${figures.p50} / p95 ${figures.p95} / max ${figures.max} ms (${figures.samples} samples, ${missed} missed)`,
      );
      return figures;
    } finally {
      await Promise.all(modules.map((m) => m.endAsync(true)));
      await bench.close();
    }
  });
}

// ---------------------------------------------------------------------------------------

console.log(`alerts benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]}`);
const result: Record<string, unknown> = { name: 'alerts' };
const targets: Record<string, boolean> = {};
if (!ONLY || ONLY === 'ingest') {
  console.log('ingest, warning detection on ÷ off (phases off, on, on, off):');
  for (const kind of KINDS) {
    const figures = await ingestComparison(kind);
    console.log(
      `  ${kind}: on ÷ off = ${figures.ratio} (target ≥ 0.9); with the worker's backlog counted ${figures.ratioWithBacklog}; server CPU per message off ÷ on ${figures.cpuRatio}`,
    );
    result[`${kind}Ingest`] = figures;
    targets[`${kind}Ingest`] = figures.ratio >= 0.9 && figures.lost === 0;
  }
}
if (!ONLY || ONLY === 'sweep') {
  console.log(`sweep over ${SWEEP_BIKES.toLocaleString('en')} bikes:`);
  for (const kind of KINDS) {
    const figures = await sweep(kind);
    result[`${kind}Sweep`] = figures;
    targets[`${kind}Sweep`] = Math.max(...figures.steadyMs) < 1000;
  }
}
if (!ONLY || ONLY === 'stream') {
  console.log('an alert on the stream after its cause:');
  for (const kind of KINDS) {
    const figures = await streamLatency(kind);
    result[`${kind}Stream`] = figures;
    targets[`${kind}Stream`] = figures.p95 <= 1000 && figures.missed === 0;
  }
}
result.loadAverage = os.loadavg()[0];
result.targets = targets;
console.log(`BENCH ${JSON.stringify(result)}`);
process.exit(0);
