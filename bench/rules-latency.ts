// npm run bench -- rules-latency
// docs/performance.md "Rules", the two figures besides the ingest's ratio (bench/rules.ts):
//   alert    a rule's alert ≤ 2 s after its cause (p95): a server (embedded broker, ingest,
//            worker) on a fleet of 10,000 bikes with the built-ins and 1,000 written rules;
//            modules publish a low then a high battery, a written rule (battery ≤ 15 %) opens
//            then clears its alert; from the publish to the alert row (open, then cleared).
//   dryRun   a 30-day dry run over 10,000 bikes ≤ 10 s: the telemetry of 10,000 bikes for 30
//            days (a message every BENCH_DRYRUN_EVERY minutes, 120), the rules' dry run
//            (modules/rules/dry-run.ts) of a rule that rarely holds, then of one that holds
//            for most bikes (an even sample replayed, ADR 0139), its estimate against a full
//            replay.
// Ends with one `BENCH {json}` line.
//   BENCH_ONLY         alert | dryRun
//   BENCH_DATABASES    pglite,postgres (alert's default; the dry run: postgres only)
//   BENCH_SAMPLES      alert samples per database (40)
//   BENCH_BIKES        the fleet (10,000)
import os from 'node:os';
import type { MqttClient } from 'mqtt';
import { MQTT_QOS, upTopic } from '@vfm/contract';
import type { Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { builtinRules } from '../apps/server/src/modules/rules/builtins';
import { dryRunRule } from '../apps/server/src/modules/rules/dry-run';
import { insertBuiltins } from '../apps/server/src/modules/rules/queries/rules';
import { connectModules, parkedTelemetry, provisionBenchBikes } from './_modules';
import { FLEET, seedSql } from './_fleet-seed';
import { PG_ADMIN_URL } from './_ingest-run';
import { startBenchServer, withBenchDatabase, benchDatabaseKinds } from './_server';

const ONLY = process.env.BENCH_ONLY;
const KINDS = benchDatabaseKinds();
type Kind = (typeof KINDS)[number];
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const BIKES = Number(process.env.BENCH_BIKES ?? 10_000);
const EVERY = Number(process.env.BENCH_DRYRUN_EVERY ?? 120);
const MODULES = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The built-ins and 1,000 written rules that rarely hold, and the one measured. */
async function rules(database: Database): Promise<string> {
  await insertBuiltins(database, [FLEET], builtinRules());
  await database.query(
    `INSERT INTO rule (id, fleet_id, alert_kind, name, severity, condition, actions)
     SELECT id, $1, 'RULE:' || id, 'Bench ' || n, 'MINOR',
            jsonb_build_object('all', jsonb_build_array(jsonb_build_object(
              'type', 'threshold', 'field', 'speedKmh', 'op', 'gt', 'value', 100 + n % 50))),
            '[{"type": "alert"}]'
       FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, 999) AS n) x`,
    [FLEET],
  );
  const [rule] = await database.query<{ id: string }>(
    `INSERT INTO rule (id, fleet_id, alert_kind, name, severity, condition, actions)
     SELECT id, $1, 'RULE:' || id, 'Low', 'MINOR',
            '{"all": [{"type": "threshold", "field": "bikeBattery", "op": "le", "value": 15}]}',
            '[{"type": "alert"}]' FROM (SELECT gen_random_uuid() AS id) x RETURNING id`,
    [FLEET],
  );
  return rule!.id;
}

async function alertLatency(kind: Kind) {
  return withBenchDatabase(kind, 'rules_alert', PG_ADMIN_URL, async (database) => {
    const bench = await startBenchServer(database, {
      VFM_ROLES: 'api,ingest,worker',
      MQTT_PORT: '0',
    });
    const modules: MqttClient[] = [];
    try {
      await database.exec(seedSql(BIKES));
      const ruleId = await rules(database);
      const provisioned = await provisionBenchBikes(database, MODULES, 'RULE', 'RL');
      const bikeIds = new Map(
        (
          await database.query<{ id: number; vehicle_number: string }>(
            "SELECT id, vehicle_number FROM bike WHERE vehicle_number LIKE 'RULE-%'",
          )
        ).map((row) => [row.vehicle_number, row.id]),
      );
      await connectModules(bench.server.iot!.brokerUrl, provisioned.modules, modules);
      let seq = 0;
      const sample = async (i: number) => {
        const bike = i % MODULES;
        const bikeId = bikeIds.get(`RULE-${bike}`)!;
        const low = Math.floor(i / MODULES) % 2 === 0;
        seq += 1;
        const started = performance.now();
        await modules[bike]!.publishAsync(
          upTopic(provisioned.modules[bike]!.moduleId, 'telemetry'),
          JSON.stringify(parkedTelemetry(seq, low)),
          { qos: MQTT_QOS },
        );
        for (;;) {
          const [row] = await database.query<{ open: number }>(
            `SELECT count(*)::int AS open FROM alert
              WHERE bike_id = $1 AND rule_id = $2 AND cleared_at IS NULL`,
            [bikeId, ruleId],
          );
          if (row!.open > 0 === low) return performance.now() - started;
          if (performance.now() - started > 10_000) throw new Error('no alert');
          await sleep(5);
        }
      };
      for (let i = 0; i < MODULES * 2; i += 1) await sample(i).catch(() => 0); // warm-up
      const times: number[] = [];
      let missed = 0;
      for (let i = 0; i < SAMPLES; i += 1) {
        try {
          times.push(await sample(MODULES * 2 + i));
        } catch {
          missed += 1;
        }
        await sleep(200);
      }
      times.sort((a, b) => a - b);
      const figures = {
        samples: times.length,
        p50: Math.round(percentile(times, 50)),
        p95: Math.round(percentile(times, 95)),
        max: Math.round(times.at(-1) ?? 0),
        missed,
      };
      console.log(
        `  ${kind}: publish → rule alert row p50 ${figures.p50} / p95 ${figures.p95} / max ${figures.max} ms (${figures.samples} samples, ${missed} missed; target p95 ≤ 2000)`,
      );
      return figures;
    } finally {
      await Promise.all(modules.map((m) => m.endAsync(true)));
      await bench.close();
    }
  });
}

async function dryRun() {
  return withBenchDatabase('postgres', 'rules_dry_run', PG_ADMIN_URL, async (database) => {
    await migrate(database);
    await database.exec(seedSql(BIKES));
    const perBike = Math.floor((30 * 24 * 60) / EVERY);
    const now = new Date();
    const seeded = performance.now();
    await database.query(
      `INSERT INTO telemetry (bike_id, seq, ts, received_at, latitude, longitude, speed_kmh,
                              bike_battery, iot_battery, battery_plugged, odometer_km)
       SELECT b.id, g, $1::timestamptz - g * make_interval(mins => $2),
              $1::timestamptz - g * make_interval(mins => $2),
              45.76 + (b.id % 100) * 1e-3, 4.83 + (g % 50) * 1e-4,
              CASE WHEN g % 7 = 0 THEN 15 ELSE 0 END,
              CASE WHEN (b.id * 31 + g) % 9973 = 0 THEN 4 ELSE 20 + (b.id + g) % 80 END, 90, false,
              100 + g * 0.1
         FROM bike b CROSS JOIN generate_series(1, $3) AS g
        WHERE b.fleet_id = $4`,
      [now, EVERY, perBike, FLEET],
    );
    await database.exec('ANALYZE telemetry');
    const rows = perBike * BIKES;
    console.log(
      `  postgres: ${rows.toLocaleString('en')} messages seeded in ${Math.round(performance.now() - seeded)} ms`,
    );
    const rule = (name: string, value: number) => ({
      name,
      enabled: true,
      severity: 'MINOR',
      condition: {
        all: [
          { type: 'threshold' as const, field: 'bikeBattery' as const, op: 'le' as const, value },
          { type: 'moving' as const, value: true },
        ],
      },
      scope: { groupIds: [], models: [] },
      actions: [{ type: 'alert' as const }],
      latch: false,
    });
    const figures: Record<string, Record<string, number | null>> = {};
    // a theft-like rule that holds for few bikes, then one that holds for most of them: the
    // second is replayed on an even sample (ADR 0139), then in full, its estimate against the truth
    for (const [label, value] of [
      ['rare', 5],
      ['frequent', 21],
    ] as const) {
      const started = performance.now();
      const result = await dryRunRule(database, FLEET, rule(label, value), 30, now);
      const ms = Math.round(performance.now() - started);
      figures[label] = { ms, bikesFired: result.bikesFired, sampledBikes: result.sampledBikes };
      console.log(
        `  postgres: 30-day dry run (${label}: battery ≤ ${value} % while moving) over ${result.bikesInScope.toLocaleString('en')} bikes (${rows.toLocaleString('en')} messages): ${ms} ms, ${result.bikesFired} bikes fired${result.sampledBikes === null ? '' : ` (estimated from ${result.sampledBikes} replayed)`} (target ≤ 10000 ms)`,
      );
      if (result.sampledBikes === null) continue;
      const fullStarted = performance.now();
      const full = await dryRunRule(database, FLEET, rule(label, value), 30, now, {
        sample: Infinity,
      });
      const fullMs = Math.round(performance.now() - fullStarted);
      const error = Math.abs(result.bikesFired - full.bikesFired) / Math.max(1, full.bikesFired);
      figures[`${label}Full`] = { ms: fullMs, bikesFired: full.bikesFired };
      figures[label]!.estimateError = Number(error.toFixed(4));
      console.log(
        `  postgres: the same, every bike replayed: ${fullMs} ms, ${full.bikesFired} bikes fired; the estimate's error ${(error * 100).toFixed(2)} % (${(fullMs / Math.max(1, ms)).toFixed(1)}× the sample's time)`,
      );
    }
    return { bikes: BIKES, messages: rows, ...figures };
  });
}

console.log(`rules latency benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]}`);
const result: Record<string, unknown> = { name: 'rules-latency' };
if (!ONLY || ONLY === 'alert')
  for (const kind of KINDS) result[`${kind}Alert`] = await alertLatency(kind);
if (!ONLY || ONLY === 'dryRun') result.postgresDryRun = await dryRun();
result.loadAverage = os.loadavg()[0];
console.log(`BENCH ${JSON.stringify(result)}`);
process.exit(0);
