// npm run bench -- budget  (also run by .ci/run, after the tests)
// The guard of ADR 0122: the server's CPU time per call of the hot calls, against the budgets
// committed in bench/budgets.json. CPU time (process.cpuUsage of this process, which holds the
// server and its database — PGlite in memory — and the stream's clients) is what a call costs
// whoever else uses the machine; latency is not (a shared machine doubles it). Each figure is
// the median of several rounds after warm-up calls; a figure above its budget by more than the
// tolerance is measured again (up to twice, the lowest kept), then fails the run with the
// figure, the budget and how to change the budget on purpose. The fleet has fewer bikes than
// count-cache.ts LARGE_COUNT, so that every call does its whole work (no shared count or
// statistics hides a regression).
//   BUDGET_UPDATE=1   write the figures of this run as the budgets (then commit them, saying why)
//   BUDGET_ROUNDS     rounds per figure (default 5; the median is compared)
//   BUDGET_BIKES      bikes of the measured fleet (default 5000; the budgets are for 5000)
//   BUDGET_ONLY       comma-separated figure names, or prefixes of them (default: all)
// Ends with one `BENCH {json}` line.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@vfm/contract';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { runEstimation } from '../apps/server/src/modules/battery/estimation';
import { runFirmwareTick } from '../apps/server/src/modules/firmware/tick';
import { isoDay, rollUpDay } from '../apps/server/src/modules/reports/rollup';
import { firmwareCampaignSql } from './_firmware-campaign';
import { insertWrittenRules } from './_rules';
import { FLEET, seedSql } from './_fleet-seed';
import { BENCH_API_KEY, startBenchServer, type BenchServer } from './_server';

const BUDGETS_FILE = path.join(import.meta.dirname, 'budgets.json');
const ROUNDS = Number(process.env.BUDGET_ROUNDS ?? 5);
const BIKES = Number(process.env.BUDGET_BIKES ?? 5000);
const ONLY = process.env.BUDGET_ONLY?.split(',').filter(Boolean);
const UPDATE = process.env.BUDGET_UPDATE === '1';

interface Budgets {
  comment: string;
  tolerance: number;
  bikes: number;
  /** ms of CPU of the calibration (a fixed piece of work) on the run that set the budgets */
  calibrationMs?: number;
  /** ms of CPU per call (per message for the ingest), at calibrationMs */
  budgets: Record<string, number>;
}

interface Scenario {
  name: string;
  /** calls per round */
  calls: number;
  /** one call; `i` counts the calls of the figure */
  call: (i: number) => Promise<void>;
  /** how many units one call stands for (messages of an ingest call) */
  per?: number;
  /** once, before the figure's first call */
  setup?: () => Promise<void>;
  /** before each call, its CPU time not counted (puts back what the call consumed) */
  prepare?: (i: number) => Promise<void>;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** ms of CPU per unit: warm-up calls, then ROUNDS rounds, the median. */
async function measure(scenario: Scenario): Promise<{ median: number; rounds: number[] }> {
  let i = 0;
  /** CPU ms of the preparations, taken off the round's */
  let prepared = 0;
  const once = async () => {
    if (scenario.prepare) {
      const before = process.cpuUsage();
      await scenario.prepare(i);
      prepared += cpuMs(process.cpuUsage(before));
    }
    await scenario.call(i++);
  };
  for (let w = 0; w < Math.max(3, Math.ceil(scenario.calls / 2)); w += 1) await once();
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    prepared = 0;
    const before = process.cpuUsage();
    for (let c = 0; c < scenario.calls; c += 1) await once();
    const ms = cpuMs(process.cpuUsage(before)) - prepared;
    rounds.push(round2(ms / scenario.calls / (scenario.per ?? 1)));
  }
  return { median: median(rounds), rounds };
}

/**
 * A fixed piece of work of the same kinds as a call's (the database engine, then JSON): its CPU
 * time, measured before and after each figure, says how fast this machine runs right now. Each
 * figure is scaled by calibrationMs / this before it is compared: a slower machine, or one whose
 * cores are shared with other work (caches, frequency), slows both alike.
 */
function calibration(database: Database): Scenario {
  return {
    name: 'calibration',
    calls: 10,
    call: async () => {
      const rows = await database.query(
        `SELECT i, md5(i::text) AS h, now() - i * interval '1 minute' AS at
           FROM generate_series(1, 1000) i ORDER BY h`,
      );
      JSON.parse(JSON.stringify(rows));
    },
  };
}

/** The hot calls of a manager's screens, through the real server (inject: no sockets). */
function httpScenarios(bench: BenchServer, database: Database, token: string): Scenario[] {
  const headers = {
    'x-api-key': BENCH_API_KEY,
    authorization: `Bearer ${token}`,
    'accept-encoding': 'identity',
  };
  const get = async (route: string) => {
    const res = await bench.server.app.inject({ url: `${API_PREFIX}/${route}`, headers });
    if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
  };
  const list = (sort: string, filter = '') => ({
    name: `fleet/list ${sort}${filter ? ` ${filter}` : ''}`,
    calls: 40,
    call: () => get(`fleet/list?sort=${sort}&size=50&page=0${filter ? `&${filter}` : ''}`),
  });
  return [
    list('vehicleNumber,asc'),
    list('group,asc'),
    list('lastCommunicationDate,desc'),
    list('bikeBatteryLevel,desc'),
    list('vehicleNumber,asc', 'warning=LOW_VEHICLE_BATTERY'),
    { name: 'fleet/statistics', calls: 10, call: () => get('fleet/statistics') },
    { name: 'fleet/information', calls: 10, call: () => get('fleet/information') },
    {
      // a bike changed before each call: the snapshot is built again (ADR 0114)
      name: 'fleet/markers, one bike changed',
      calls: 10,
      call: async (i) => {
        await database.query(
          `UPDATE bike SET bike_battery_level = $2, updated_at = now()
            WHERE fleet_id = $1 AND vehicle_number = 'VN0000001'`,
          [FLEET, i % 100],
        );
        await get('fleet/markers');
      },
    },
    {
      name: 'products/details',
      calls: 40,
      call: (i) => get(`products/details/VN${String(1 + (i % BIKES)).padStart(7, '0')}`),
    },
  ];
}

const telemetry = (seq: number, battery: number) =>
  Buffer.from(
    JSON.stringify({
      seq,
      ts: new Date().toISOString(),
      lat: 48.85 + (seq % 100) / 10_000,
      lon: 2.35,
      speedKmh: 0,
      mode: 'STANDBY',
      bikeBattery: battery,
      iotBattery: 90,
    }),
  );

/** A module's messages count up (an older one is a replay the ingest drops): one counter. */
let nextSeq = 1;

const moduleOf = (bike: number) => `M${bike.toString(16).toUpperCase().padStart(5, '0')}`;

/** Open fleet/stream connections, read until closed (their CPU counts: they are the browsers). */
async function openStreams(bench: BenchServer, count: number) {
  const controllers: AbortController[] = [];
  let bytes = 0;
  for (let s = 0; s < count; s += 1) {
    const token = await bench.tokenFor('bench@example.com');
    const controller = new AbortController();
    controllers.push(controller);
    const res = await fetch(`${bench.origin}${API_PREFIX}/fleet/stream`, {
      headers: { 'x-api-key': BENCH_API_KEY, authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (res.status !== 200) throw new Error(`fleet/stream: ${res.status}`);
    const reader = res.body!.getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          bytes += value.length;
        }
      } catch {
        // aborted at the end
      }
    })();
  }
  return { bytes: () => bytes, close: () => controllers.forEach((c) => c.abort()) };
}

/**
 * Telemetry through the ingest pipeline (as the broker hands it over), a batch of `messages`
 * over distinct bikes, committed, then the stream's pushes of it (at most one per 100 ms).
 */
function ingestScenario(bench: BenchServer, name: string, messages: number): Scenario {
  const pipeline = bench.server.iot!.pipeline;
  return {
    name,
    calls: 6,
    per: messages,
    call: async (i) => {
      for (let m = 0; m < messages; m += 1) {
        const bike = 1 + ((i * messages + m) % BIKES);
        pipeline.accept(moduleOf(bike), 'telemetry', telemetry(nextSeq++, (i + m) % 100), () => {});
      }
      await pipeline.flush();
      // the stream's push of these changes (coalesced per 100 ms)
      await new Promise((resolve) => setTimeout(resolve, 250));
    },
  };
}

/** Modules offered per firmware tick: the campaign's pace (ADR 0129). */
const FIRMWARE_PACE = 250;
/** Written rules of the fleet for the rules' own figure (the built-ins are always on). */
const WRITTEN_RULES = 100;

/**
 * The background work of this round's capabilities, each through its real entry point on the
 * measured fleet (ADR 0122 "each capability keeps its own budget"): the reports' daily rollup of
 * a fleet-day, the battery estimation of a run, a firmware campaign's tick at its pace, and the
 * ingest with written rules beside the built-ins (last: the rules stay).
 */
function capabilityScenarios(bench: BenchServer, database: Database): Scenario[] {
  const minute = 60_000;
  const start = Date.now();
  return [
    {
      name: 'reports rollup, per 100 bike-days',
      calls: 2,
      per: BIKES / 100,
      call: async () => {
        const now = new Date();
        await rollUpDay(database, FLEET, isoDay(now.getTime()), now);
      },
    },
    {
      // every bike read again from its first message at each call: a run's whole work
      name: 'battery estimation, per bike',
      calls: 2,
      per: 500,
      prepare: async () => {
        await database.query('DELETE FROM battery_bike');
      },
      call: async () => {
        const done = await runEstimation(database, new Date(), 500, 0);
        if (done.bikes !== 500) throw new Error(`battery estimation: ${done.bikes} bikes`);
      },
    },
    {
      // a minute later at each call: the pace's modules offered, in one campaign's transaction
      name: 'firmware tick, per module offered',
      calls: 2,
      per: FIRMWARE_PACE,
      call: (i) => runFirmwareTick(database, new Date(start + (i + 1) * 2 * minute)),
      setup: () => database.exec(budgetCampaignSql()),
    },
    {
      ...ingestScenario(bench, `ingest with ${WRITTEN_RULES} written rules, per message`, 250),
      setup: () => insertWrittenRules(database, FLEET, WRITTEN_RULES),
    },
  ];
}

/** A running firmware campaign over every bike of the measured fleet. */
const budgetCampaignSql = () => `
UPDATE bike SET hardware_version = 'VFM-IOT-3', firmware_version = '1.0.0' WHERE fleet_id = '${FLEET}';
${firmwareCampaignSql(FLEET, FIRMWARE_PACE, 'module_id IS NOT NULL')}`;

async function everyBikeOnce(bench: BenchServer) {
  const pipeline = bench.server.iot!.pipeline;
  for (let bike = 1; bike <= BIKES; bike += 1)
    pipeline.accept(moduleOf(bike), 'telemetry', telemetry(nextSeq++, bike % 100), () => {});
  await pipeline.flush();
}

/**
 * A budget as written by BUDGET_UPDATE: the figure + 10 % (the spread of medians between runs
 * on a shared machine), rounded up to two significant digits.
 */
const asBudget = (figure: number) => {
  const x = figure * 1.1;
  const unit = 10 ** (Math.floor(Math.log10(x)) - 1);
  return round2(Math.ceil(x / unit) * unit);
};

function readBudgets(): Budgets {
  return JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) as Budgets;
}

async function main() {
  const load = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(
    `CPU budget of the hot calls: ${os.cpus().length} CPUs, load average ${load.join(' ')}`,
  );
  const file = readBudgets();
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  const figures: Record<string, { median: number; rounds: number[] }> = {};
  const calibrations: number[] = [];
  const failures: string[] = [];
  try {
    await migrate(database);
    // the same fleet on every run (its random states and positions from one seed)
    await database.exec(`SELECT setseed(0.5); ${seedSql(BIKES)}`);
    const bench = await startBenchServer(database, {
      VFM_ROLES: 'api,ingest',
      MQTT_PORT: '0',
      MARKERS_SNAPSHOT_MS: '0',
    });
    try {
      const token = await bench.tokenFor('bench@example.com');
      // every bike has spoken once: the measured messages are a running fleet's, not first ones
      await everyBikeOnce(bench);
      await database.exec('VACUUM ANALYZE bike'); // the same pages on every run
      const scenarios = [
        ...httpScenarios(bench, database, token),
        ingestScenario(bench, 'ingest, per message', 250),
      ];
      const capabilities = capabilityScenarios(bench, database);
      const calibrate = calibration(database);
      const wanted = (name: string) => !ONLY || ONLY.some((prefix) => name.startsWith(prefix));
      const run = async (scenario: Scenario) => {
        // the machine's speed beside each figure; the run's median one scales them all
        calibrations.push((await measure(calibrate)).median);
        figures[scenario.name] = await measure(scenario);
      };
      const measured = scenarios.filter((s) => wanted(s.name));
      for (const scenario of measured) await run(scenario);
      const streamsScenario = ingestScenario(bench, 'ingest, 20 streams, per message', 250);
      const withStreams = async (fn: () => Promise<void>) => {
        const streams = await openStreams(bench, 20);
        try {
          await fn();
          if (streams.bytes() === 0) throw new Error('the streams received nothing');
        } finally {
          streams.close();
        }
      };
      if (wanted(streamsScenario.name)) await withStreams(() => run(streamsScenario));
      const measuredCapabilities = capabilities.filter((s) => wanted(s.name));
      for (const scenario of measuredCapabilities) {
        await scenario.setup?.();
        await run(scenario);
      }
      calibrations.push((await measure(calibrate)).median);
      // over the limit: measured again, up to twice (a noisy neighbour), the lowest figure kept
      // — a call that really costs more is over every time
      if (!UPDATE) {
        const scale = scaleOf(file, calibrations);
        for (const scenario of [...measured, streamsScenario, ...measuredCapabilities]) {
          for (let retry = 0; retry < 2; retry += 1) {
            const figure = figures[scenario.name];
            if (!figure || !over(file, scenario.name, figure.median * scale)) break;
            const again = () => run(scenario);
            await (scenario === streamsScenario ? withStreams(again) : again());
            if (figure.median < figures[scenario.name]!.median) figures[scenario.name] = figure;
          }
        }
      }
    } finally {
      await bench.close();
    }
  } finally {
    await database.close();
  }

  const calibrationMs = round2(median(calibrations));
  const scale = UPDATE ? 1 : scaleOf(file, calibrations);
  console.log(
    `  calibration ${calibrationMs} ms CPU (budgets' ${file.calibrationMs ?? '—'} ms): figures × ${round2(scale)}`,
  );
  for (const [name, figure] of Object.entries(figures))
    report(name, figure, round2(figure.median * scale), file, failures);

  if (UPDATE) {
    // the figures of this run at its calibration (one figure: scaled to the file's calibration)
    const reference = ONLY && file.calibrationMs ? file.calibrationMs : calibrationMs;
    const budgets = { ...file.budgets };
    for (const [name, f] of Object.entries(figures))
      budgets[name] = asBudget((f.median * reference) / calibrationMs);
    const updated = { ...file, bikes: BIKES, calibrationMs: reference, budgets };
    writeFileSync(BUDGETS_FILE, `${JSON.stringify(updated, null, 2)}\n`);
    console.log(
      `\nbudgets written to ${path.relative(process.cwd(), BUDGETS_FILE)}: commit them with why`,
    );
  }
  console.log(`BENCH ${JSON.stringify({ name: 'budget', bikes: BIKES, figures, load })}`);
  if (failures.length && !UPDATE) {
    console.error(`\nover budget (CPU ms per call, more than ${file.tolerance * 100} % above):`);
    for (const failure of failures) console.error(`  ${failure}`);
    console.error(
      '\nA slower call is a regression to find and fix (docs/performance.md "Speed that holds").' +
        '\nIf the cost is wanted (a feature that must cost more), update the budget on purpose:' +
        '\n  BUDGET_UPDATE=1 npm run bench -- budget   (or BUDGET_ONLY=<name> to update one)' +
        '\nand commit bench/budgets.json with a message that says why the call costs more.',
    );
    process.exit(1);
  }
}

/** The factor that brings this run's figures to the budgets' calibration (the machine's speed). */
const scaleOf = (file: Budgets, calibrations: number[]) =>
  file.calibrationMs ? file.calibrationMs / median(calibrations) : 1;

function over(file: Budgets, name: string, figure: number) {
  const budget = file.budgets[name];
  return budget !== undefined && figure > budget * (1 + file.tolerance);
}

/** Prints a figure (scaled) against its budget; over the limit, a failure. */
function report(
  name: string,
  figure: { median: number; rounds: number[] },
  scaled: number,
  file: Budgets,
  failures: string[],
) {
  const budget = file.budgets[name];
  const limit = budget === undefined ? undefined : round2(budget * (1 + file.tolerance));
  const verdict =
    budget === undefined ? 'no budget' : over(file, name, scaled) ? 'OVER BUDGET' : 'within budget';
  console.log(
    `  ${name.padEnd(52)} ${String(scaled).padStart(7)} ms   budget ${budget ?? '—'} (limit ${limit ?? '—'})` +
      `   ${verdict}   [CPU ${figure.median} ms, rounds ${figure.rounds.join(' ')}]`,
  );
  if (verdict === 'OVER BUDGET')
    failures.push(
      `${name}: ${scaled} ms CPU per ${name.startsWith('ingest') ? 'message' : 'call'} (at the budgets' calibration), budget ${budget} ms (limit ${limit} ms)`,
    );
  if (budget === undefined && !UPDATE)
    failures.push(`${name}: ${scaled} ms, no budget in bench/budgets.json`);
}

await main();
