// npm run bench -- rules
// The ingest with 1,000 enabled rules in the fleet against the same ingest with none (the
// built-ins switched off), in the same run, on PGlite and PostgreSQL (docs/rules.md, ADR 0126):
// every message of the batch is seen by every rule of its fleet in scope. Options (environment):
// BENCH_MODULES (200), BENCH_INFLIGHT (20), BENCH_MESSAGES (30000), BENCH_PGLITE_MESSAGES
// (10000), BENCH_RULES (1000), BENCH_ONLY (pglite | postgres), BENCH_ROUNDS (5). A busy machine
// moves a single run's rate by tens of per cent: after a short warm-up (discarded), the rounds
// alternate (none, rules, rules, none…) and the medians are compared; the server's CPU per
// message, the steadier figure, is printed beside them.
import os from 'node:os';
import type { Database } from '../apps/server/src/db/client';
import { ingestRun } from './_ingest-run';
import { insertWrittenRules } from './_rules';
import { insertBuiltins } from '../apps/server/src/modules/rules/queries/rules';
import { builtinRules } from '../apps/server/src/modules/rules/builtins';

const MODULES = Number(process.env.BENCH_MODULES ?? 200);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 20);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 30_000);
const PGLITE_MESSAGES = Number(process.env.BENCH_PGLITE_MESSAGES ?? 10_000);
const RULES = Number(process.env.BENCH_RULES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LOAD = { modules: MODULES, inflight: INFLIGHT };

/** The built-ins off: the fleet evaluates nothing. */
async function noRules(database: Database, fleetId: string) {
  await insertBuiltins(database, [fleetId], builtinRules());
  await database.query('UPDATE rule SET enabled = false WHERE fleet_id = $1', [fleetId]);
}

/** The built-ins on, and RULES written rules of every kind of test (bench/_rules.ts). */
async function manyRules(database: Database, fleetId: string) {
  await insertBuiltins(database, [fleetId], builtinRules());
  await insertWrittenRules(database, fleetId, RULES);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (rate: number) => `${Math.round(rate).toLocaleString('en')} msg/s`;
const kinds = (process.env.BENCH_ONLY ? [process.env.BENCH_ONLY] : ['pglite', 'postgres']) as Array<
  'pglite' | 'postgres'
>;
console.log(
  `rules benchmark: ${MODULES} modules × ${INFLIGHT} in flight, ${RULES} rules vs none, ${os.cpus().length} CPUs`,
);
const result: Record<string, unknown> = { name: 'rules', rules: RULES, modules: MODULES };
for (const kind of kinds) {
  const messages = kind === 'pglite' ? PGLITE_MESSAGES : MESSAGES;
  await ingestRun(kind, Math.ceil(messages / 5), LOAD, {}, { setup: manyRules }); // warm-up
  const runs: Record<'none' | 'many', Array<{ rate: number; cpu: number }>> = {
    none: [],
    many: [],
  };
  for (let round = 0; round < ROUNDS; round += 1)
    for (const which of round % 2 ? (['many', 'none'] as const) : (['none', 'many'] as const)) {
      const run = await ingestRun(
        kind,
        messages,
        LOAD,
        {},
        {
          setup: which === 'none' ? noRules : manyRules,
        },
      );
      runs[which].push({ rate: run.rate, cpu: run.serverCpuMicrosPerMessage });
      console.log(
        `  ${kind} ${which === 'none' ? 'no rules' : `${RULES} rules`}: ${fmt(run.rate)}, ${run.serverCpuMicrosPerMessage} µs server CPU/msg, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  const none = {
    rate: median(runs.none.map((r) => r.rate)),
    cpu: median(runs.none.map((r) => r.cpu)),
  };
  const many = {
    rate: median(runs.many.map((r) => r.rate)),
    cpu: median(runs.many.map((r) => r.cpu)),
  };
  const ratio = many.rate / none.rate;
  const cpuRatio = none.cpu / many.cpu;
  console.log(
    `${kind}: no rules ${fmt(none.rate)}, ${RULES} rules ${fmt(many.rate)} = ${ratio.toFixed(2)}× (medians of ${ROUNDS}; server CPU/msg ${many.cpu} vs ${none.cpu} µs = ${cpuRatio.toFixed(2)}×)`,
  );
  result[`${kind}CpuRatio`] = Number(cpuRatio.toFixed(3));
  result[`${kind}NoRulesMsgPerSec`] = Math.round(none.rate);
  result[`${kind}RulesMsgPerSec`] = Math.round(many.rate);
  result[`${kind}Ratio`] = Number(ratio.toFixed(3));
}
result.loadAverage = os.loadavg()[0];
console.log(`BENCH ${JSON.stringify(result)}`);
