// npm run bench -- firmware
// docs/firmware.md, ADR 0129: a firmware campaign running beside the ingest. The ingest's rate
// (200 publishing modules, the simulator's `--rate max` in its own process) with a campaign
// over BENCH_FIRMWARE_MODULES other modules (10,000) at 200 a minute ≥ 0.9 × the same without
// it, phases interleaved off, on, on, off (BENCH_ROUNDS times). "On": the campaign's tick runs
// every BENCH_TICK_MS (5 s) in the server's process on a clock that moves a minute at each
// tick — each tick does a minute's work (timeouts, campaign state, the pace's 200 offers, the
// outbox's notice and the ingest dispatcher's claim), twelve times as often as the cron: a
// harsher load than a real campaign's. Its modules are offline: nothing is published, the claim
// query still runs; their reports are the integration tests'. Besides the rate, the server
// process's CPU per message (load on the machine moves it far less than the rate) and the
// ticks' time. Ends with one `BENCH {json}` line.
//   BENCH_DATABASES   pglite,postgres (the default) or one of them
//   BENCH_PGLITE_MESSAGES / BENCH_MESSAGES   messages per phase (20000 / 40000)
//   BENCH_ROUNDS      how many times off, on, on, off (1)
import os from 'node:os';
import { runFirmwareTick } from '../apps/server/src/modules/firmware/tick';
import { firmwareCampaignSql } from './_firmware-campaign';
import { ingestRun, phaseMessages, type IngestRun } from './_ingest-run';
import { benchDatabaseKinds } from './_server';

const KINDS = benchDatabaseKinds();
type Kind = (typeof KINDS)[number];
const MODULES = Number(process.env.BENCH_FIRMWARE_MODULES ?? 10_000);
const PACE = 200;
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** MODULES bikes of the fleet with a module of the package's model, and a running campaign. */
const seedCampaign = (fleetId: string) => `
INSERT INTO bike (fleet_id, vehicle_number, bike_code, module_id, model, hardware_version,
  firmware_version, iot_mode, last_communication_date)
SELECT '${fleetId}', 'FW' || lpad(i::text, 7, '0'), 'FWC' || lpad(i::text, 7, '0'),
  'F' || upper(lpad(to_hex(i), 5, '0')), 'Bench', 'VFM-IOT-3', '1.0.0', 'STANDBY', now()
FROM generate_series(1, ${MODULES}) i;
${firmwareCampaignSql(fleetId, PACE, "vehicle_number LIKE 'FW%'")}`;

async function comparison(kind: Kind) {
  const messages = phaseMessages(kind);
  const rates = { off: [] as number[], on: [] as number[] };
  const cpu = { off: [] as number[], on: [] as number[] };
  const ticks: number[] = [];
  let offered = 0;
  const phases = Array.from({ length: ROUNDS }, () => ['off', 'on', 'on', 'off'] as const).flat();
  for (const phase of phases) {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> = Promise.resolve();
    const run: IngestRun = await ingestRun(
      kind,
      messages,
      { modules: 200, inflight: 20 },
      {},
      {
        setup: async (database, fleetId) => {
          await database.exec(seedCampaign(fleetId));
          if (phase === 'off') return;
          let minutes = 0;
          const tick = async () => {
            minutes += 1;
            const started = performance.now();
            await runFirmwareTick(database, new Date(Date.now() + minutes * 60_000)).catch(
              () => undefined,
            );
            ticks.push(performance.now() - started);
          };
          timer = setInterval(() => (running = tick()), TICK_MS);
        },
        after: async (database) => {
          if (timer) clearInterval(timer);
          await running;
          const [row] = await database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM firmware_target WHERE offered_at IS NOT NULL`,
          );
          return row?.n ?? 0;
        },
      },
    );
    rates[phase].push(Math.round(run.rate));
    cpu[phase].push(run.serverCpuMicrosPerMessage);
    if (phase === 'on') offered = Math.max(offered, run.after ?? 0);
    console.log(
      `  ${kind} campaign ${phase.padEnd(3)}: ${Math.round(run.rate).toLocaleString('en')} msg/s, ${run.serverCpuMicrosPerMessage} µs CPU/msg (${run.rows}/${run.sent} rows${phase === 'on' ? `, ${run.after} modules offered` : ''})`,
    );
  }
  return {
    off: rates.off,
    on: rates.on,
    ratio: round(mean(rates.on) / mean(rates.off)),
    cpuOff: cpu.off,
    cpuOn: cpu.on,
    /** the server's CPU per message without the campaign ÷ with it: the ingest's rate kept
     *  when the server process is what limits it */
    cpuRatio: round(mean(cpu.off) / mean(cpu.on)),
    ticks: ticks.length,
    tickMeanMs: round(mean(ticks), 1),
    tickMaxMs: round(Math.max(...ticks), 1),
    offered,
    messages,
  };
}

console.log(
  `firmware benchmark: ingest with a campaign over ${MODULES} modules at ${PACE}/min, ${os.cpus().length} CPUs`,
);
const results: Record<string, Awaited<ReturnType<typeof comparison>>> = {};
for (const kind of KINDS) results[kind] = await comparison(kind);
for (const [kind, r] of Object.entries(results))
  console.log(
    `${kind}: on/off = ${r.ratio} (budget ≥ 0.9)${r.ratio < 0.9 ? '  OVER BUDGET' : ''}; CPU per message off/on = ${r.cpuRatio}; ${r.ticks} ticks, ${r.tickMeanMs} ms mean, ${r.tickMaxMs} ms max`,
  );
console.log(
  `BENCH ${JSON.stringify({ name: 'firmware', modules: MODULES, pace: PACE, ...results })}`,
);
