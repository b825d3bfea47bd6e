// npm run bench -- import
// A large bike import (ADR 0040) on PostgreSQL (a bench database created and dropped here) and
// on PGlite (files in a temporary DATA_DIR), in the same run: an administrator imports
// BENCH_IMPORT_LINES lines (default 24,000, each with a module) through the real HTTP server
// while, until the import answers, a user of another fleet reads fleet/list and
// fleet/statistics one call after the other and a module of that fleet publishes telemetry
// QoS 1, one message at a time. Figures: import time and rows/s, the other requests' p50/p95/max
// (and the same calls before the import as a baseline), PUBACK p50/p95/max.
// Targets (docs/operations.md, PGlite): import < 10 s, others' p95 < 300 ms, PUBACK max < 1 s.
//   BENCH_DATABASE_URL  server to create the bench database on (default: DATABASE_URL, else
//                       postgresql://postgres@127.0.0.1:5432/postgres)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { API_PREFIX, ROLE_ADMIN, ROLE_USER, upTopic } from '@vfm/contract';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { generateModuleSecret, hashModuleSecret } from '../apps/server/src/lib/module-secret';
import { BENCH_API_KEY, onPostgresOrSkip, startBenchServer } from './_server';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 24_000);
const FLEET = '11111111-1111-4111-8111-111111111111';
const OTHER_FLEET = '22222222-2222-4222-8222-222222222222';
const OTHER_BIKES = 2000;
const MODULE_ID = 'B00001';

interface Stats {
  p50: number;
  p95: number;
  max: number;
  n: number;
}
type Figures = Record<string, Stats | number | string | boolean>;

const round = (x: number) => Math.round(x * 10) / 10;
function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return {
    p50: round(at(0.5) ?? 0),
    p95: round(at(0.95) ?? 0),
    max: round(sorted[sorted.length - 1] ?? 0),
    n: sorted.length,
  };
}

function seedSql(): string {
  return `
INSERT INTO fleet (id, name) VALUES ('${FLEET}', 'Importing fleet'), ('${OTHER_FLEET}', 'Other fleet');
INSERT INTO account (fleet_id, email, roles, status)
VALUES ('${FLEET}', 'admin@bench.example', '{${ROLE_USER},${ROLE_ADMIN}}', 'ACTIVE'),
       ('${OTHER_FLEET}', 'user@bench.example', '{${ROLE_USER}}', 'ACTIVE');
INSERT INTO bike (fleet_id, vehicle_number, bike_code, module_id, model, latitude, longitude,
  last_communication_date)
SELECT '${OTHER_FLEET}', 'OTHER-' || i, 'OC-' || i,
       CASE WHEN i = 1 THEN '${MODULE_ID}' END, 'City 28',
       45.7 + (i % 100) * 0.001, 4.8 + (i / 100) * 0.001, now() - i * interval '1 minute'
  FROM generate_series(1, ${OTHER_BIKES}) i;
ANALYZE;`;
}

/** The import file: new bikes, each with a module, in 12 groups. */
function importCsv(): string {
  const lines = ['vehicleNumber,bikeCode,moduleId,model,group'];
  for (let i = 0; i < LINES; i += 1) {
    const module = `I${i.toString(36).toUpperCase().padStart(5, '0')}`;
    lines.push(`IMP-${i},IC-${i},${module},City 28,Zone ${i % 12}`);
  }
  return `${lines.join('\n')}\n`;
}

async function runOn(kind: 'postgres' | 'pglite', database: Database, dataDir: string) {
  await migrate(database);
  await database.exec(seedSql());
  const secret = generateModuleSecret();
  await database.query(
    `INSERT INTO module_credential (module_id, bike_id, secret_hash)
     SELECT $1, id, $2 FROM bike WHERE module_id = $1`,
    [MODULE_ID, await hashModuleSecret(secret)],
  );
  // the broker and ingest run too: a module publishes during the import
  const bench = await startBenchServer(database, {
    DATA_DIR: dataDir,
    VFM_ROLES: 'api,ingest',
    MQTT_PORT: '0',
  });
  const { server } = bench;
  try {
    const base = `${bench.origin}${API_PREFIX}`;
    const tokenOf = bench.tokenFor;
    const adminToken = await tokenOf('admin@bench.example');
    const userToken = await tokenOf('user@bench.example');
    const headers = (token: string) => ({
      'x-api-key': BENCH_API_KEY,
      authorization: `Bearer ${token}`,
      cookie: 'XSRF-TOKEN=bench',
      'x-xsrf-token': 'bench',
    });
    const otherCalls = ['fleet/list?size=50&page=0', 'fleet/statistics'];
    let call = 0;
    const otherRequest = async () => {
      const route = otherCalls[(call += 1) % otherCalls.length]!;
      const start = performance.now();
      const res = await fetch(`${base}/${route}`, { headers: headers(userToken) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
      return performance.now() - start;
    };
    const module = await mqtt.connectAsync(server.iot!.brokerUrl, {
      clientId: MODULE_ID,
      username: MODULE_ID,
      password: secret,
      reconnectPeriod: 0,
    });
    let seq = 0;
    const puback = async () => {
      const start = performance.now();
      await module.publishAsync(
        upTopic(MODULE_ID, 'telemetry'),
        JSON.stringify({ seq: (seq += 1), ts: new Date().toISOString(), bikeBattery: 80 }),
        { qos: 1 },
      );
      return performance.now() - start;
    };

    // baseline: the same calls with nothing else running
    const quiet: number[] = [];
    for (let i = 0; i < 40; i += 1) quiet.push(await otherRequest());
    const quietPuback: number[] = [];
    for (let i = 0; i < 40; i += 1) quietPuback.push(await puback());

    const csv = importCsv();
    let done = false;
    const importStart = performance.now();
    const importing = fetch(`${base}/fleet/admin/vehicles`, {
      method: 'POST',
      headers: { ...headers(adminToken), 'content-type': 'text/csv' },
      body: csv,
    }).then(async (res) => {
      const body = (await res.json()) as { created: number; errors: unknown[] };
      const ms = performance.now() - importStart;
      done = true;
      if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
      return { ms, body };
    });
    const during: number[] = [];
    const duringPuback: number[] = [];
    await Promise.all([
      (async () => {
        while (!done) during.push(await otherRequest());
      })(),
      (async () => {
        while (!done) duringPuback.push(await puback());
      })(),
    ]);
    const { ms, body } = await importing;
    await module.endAsync();
    const figures: Figures = {
      lines: LINES,
      csvKiB: Math.round(Buffer.byteLength(csv) / 1024),
      importMs: Math.round(ms),
      rowsPerSecond: Math.round(LINES / (ms / 1000)),
      created: body.created,
      errors: body.errors.length,
      othersQuiet: stats(quiet),
      othersDuring: stats(during),
      pubackQuiet: stats(quietPuback),
      pubackDuring: stats(duringPuback),
    };
    return figures;
  } finally {
    await bench.close();
  }
}

function printFigures(kind: string, f: Figures) {
  const row = (name: string, s: Stats) =>
    console.log(
      `  ${name.padEnd(30)} p50 ${String(s.p50).padStart(7)} ms   p95 ${String(s.p95).padStart(7)} ms   max ${String(s.max).padStart(7)} ms   (n=${s.n})`,
    );
  console.log(`\n${kind} — ${f.lines} lines (${f.csvKiB} KiB)`);
  console.log(
    `  import ${f.importMs} ms, ${f.rowsPerSecond} rows/s, created ${f.created}, errors ${f.errors}`,
  );
  row('other fleet, quiet', f.othersQuiet as Stats);
  row('other fleet, during import', f.othersDuring as Stats);
  row('PUBACK, quiet', f.pubackQuiet as Stats);
  row('PUBACK, during import', f.pubackDuring as Stats);
}

async function main() {
  const load = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(`import benchmark: ${os.cpus().length} CPUs, load average ${load.join(' ')}`);
  const result: Record<string, unknown> = { name: 'import', lines: LINES, cpus: os.cpus().length };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-bench-import-'));
  try {
    result.postgres = await onPostgresOrSkip('import', async (database) => {
      const figures = await runOn('postgres', database, path.join(dataDir, 'pg'));
      printFigures('PostgreSQL', figures);
      return figures;
    });
    const pgliteDir = path.join(dataDir, 'pglite');
    const pglite = await openDatabase({ databaseUrl: null, dataDir: path.join(pgliteDir, 'db') });
    try {
      result.pglite = await runOn('pglite', pglite, pgliteDir);
      printFigures('PGlite', result.pglite as Figures);
    } finally {
      await pglite.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const p = result.pglite as Figures;
  result.targets = {
    pgliteImportUnder10s: Number(p.importMs) < 10_000,
    pgliteOthersP95Under300: (p.othersDuring as Stats).p95 < 300,
    pglitePubackUnder1s: (p.pubackDuring as Stats).max < 1000,
  };
  console.log('\ntargets (PGlite):', result.targets);
  result.loadAverage = [load, os.loadavg().map((x) => Math.round(x * 100) / 100)];
  console.log(`BENCH ${JSON.stringify(result)}`);
}
await main();
