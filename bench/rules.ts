// npm run bench -- rules
// The ingest with 1,000 enabled rules in the fleet against the same ingest with none (the
// built-ins switched off), in the same run, on PGlite and PostgreSQL (docs/rules.md, ADR 0126):
// every message of the batch is seen by every rule of its fleet in scope. Options (environment):
// BENCH_MODULES (200), BENCH_INFLIGHT (20), BENCH_MESSAGES (30000), BENCH_PGLITE_MESSAGES
// (10000), BENCH_RULES (1000), BENCH_ONLY (pglite | postgres).
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
  const none = await ingestRun(kind, messages, LOAD, {}, { setup: noRules });
  const many = await ingestRun(kind, messages, LOAD, {}, { setup: manyRules });
  const ratio = many.rate / none.rate;
  console.log(
    `${kind}: no rules ${fmt(none.rate)}, ${RULES} rules ${fmt(many.rate)} = ${ratio.toFixed(2)}× (${many.serverCpuMicrosPerMessage} vs ${none.serverCpuMicrosPerMessage} µs server CPU/msg)`,
  );
  result[`${kind}NoRulesMsgPerSec`] = Math.round(none.rate);
  result[`${kind}RulesMsgPerSec`] = Math.round(many.rate);
  result[`${kind}Ratio`] = Number(ratio.toFixed(3));
}
result.loadAverage = os.loadavg()[0];
console.log(`BENCH ${JSON.stringify(result)}`);
