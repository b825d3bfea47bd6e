// PGlite test databases, reused within a test worker. Starting an in-memory instance from the
// migrated template costs ≈ 0.9 s and 1.2 s of CPU (the WebAssembly PostgreSQL starting, the
// template's files unpacked); emptying one costs ≈ 0.13 s. So a test file leases a database and
// releases it after; the released instance is emptied — the session discarded (listeners, locks,
// settings, temporary tables), every table of the app's schemas truncated, the rows the migrations
// wrote put back — and leased to the worker's next file. An instance whose schema a file changed
// is closed instead. A lease's handle stops answering once released, as a closed database does,
// so late work of a stopped server never reaches the next file. docs/performance.md "The CI run".
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/client';
import { migrate } from '../../src/migrate';

/** the schemas the migrations create: the app's tables and the jobs home's (pg-boss) */
const SCHEMAS = ['public', 'pgboss'];
/** instances kept for the worker's next files (a file may hold two or three at once) */
const KEEP_IDLE = 2;

interface Snapshot {
  /** the tables of SCHEMAS, partitions included */
  tables: Set<string>;
  /** one TRUNCATE of every table of SCHEMAS */
  truncate: string;
  /** the rows the migrations wrote (the migrations' own list, the job queues, their version) */
  seeds: Array<{ table: string; rows: string }>;
  /** the schema: changed by a file, the instance is not reused */
  fingerprint: string;
}

interface Pooled {
  database: Database;
  snapshot: Snapshot;
}

export interface PgliteLease {
  database: Database;
  /** the end of the file's use: the instance is emptied for the next file, or closed */
  release(): Promise<void>;
}

const idle: Pooled[] = [];
const RELEASED = 'this test database was released: its test file is over';

export async function leasePglite(migrationsHash: () => Promise<string>): Promise<PgliteLease> {
  const pooled = idle.pop() ?? (await openFresh(migrationsHash));
  const raw = pooled.database;
  let released = false;
  const unlisteners = new Set<() => Promise<void>>();
  const release = async () => {
    if (released) return;
    released = true;
    for (const unlisten of [...unlisteners]) await unlisten().catch(() => undefined);
    const reusable = idle.length < KEEP_IDLE && (await empty(pooled).catch(() => false));
    if (reusable) idle.push(pooled);
    else await raw.close();
  };
  /** the instance, while the lease lasts */
  const open = () => {
    if (released) throw new Error(RELEASED);
    return raw;
  };
  const database: Database = {
    kind: raw.kind,
    query: async (text, params) => open().query(text, params),
    exec: async (text) => open().exec(text),
    transaction: async (fn) => open().transaction(fn),
    async listen(channel, handler) {
      const unsubscribe = await open().listen(channel, handler);
      if (released) {
        // released while it was being set up: it must not hear the next file's notices
        await unsubscribe();
        throw new Error(RELEASED);
      }
      const unlisten = async () => {
        if (unlisteners.delete(unlisten)) await unsubscribe();
      };
      unlisteners.add(unlisten);
      return unlisten;
    },
    notify: async (channel, payload) => open().notify(channel, payload),
    executeSql: async (text, values) => open().executeSql(text, values),
    dumpDataDir: async () => open().dumpDataDir!(),
    close: release,
  };
  return { database, release };
}

async function openFresh(migrationsHash: () => Promise<string>): Promise<Pooled> {
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: null,
    loadDataDir: await migratedTemplate(migrationsHash),
  });
  await migrate(database);
  return { database, snapshot: await snapshotOf(database) };
}

async function tablesOf(database: Database) {
  return database.query<{ name: string; partition: boolean }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relispartition AS partition
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1) ORDER BY 1`,
    [SCHEMAS],
  );
}

/** the catalog's sizes: any object a file created, altered or dropped changes one of them */
const FINGERPRINT = `SELECT concat_ws(',',
  (SELECT count(*) FROM pg_namespace), (SELECT count(*) FROM pg_class),
  (SELECT count(*) FROM pg_attribute), (SELECT count(*) FROM pg_proc),
  (SELECT count(*) FROM pg_trigger), (SELECT count(*) FROM pg_type),
  (SELECT count(*) FROM pg_constraint), (SELECT count(*) FROM pg_index)) AS fingerprint`;

async function fingerprintOf(database: Database): Promise<string> {
  const [row] = await database.query<{ fingerprint: string }>(FINGERPRINT);
  return row!.fingerprint;
}

async function snapshotOf(database: Database): Promise<Snapshot> {
  const tables = (await tablesOf(database)).map((table) => table.name);
  const seeds: Snapshot['seeds'] = [];
  for (const table of tables) {
    // ONLY: a partition's rows are read (and put back) through the partition, not its parent too
    const [row] = await database.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ONLY ${table} t`,
    );
    if (row?.rows) seeds.push({ table, rows: row.rows });
  }
  return {
    tables: new Set(tables),
    truncate: `TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`,
    seeds,
    fingerprint: await fingerprintOf(database),
  };
}

/** Empties a released instance for the next file; false when it cannot be (its schema changed). */
async function empty({ database, snapshot }: Pooled): Promise<boolean> {
  await database.exec('DISCARD ALL');
  // the partitions a server made (the telemetry's months, a queue's jobs) go; any other new
  // table is a change of the schema
  const added = (await tablesOf(database)).filter((table) => !snapshot.tables.has(table.name));
  if (added.some((table) => !table.partition)) return false;
  if (added.length)
    await database.exec(`DROP TABLE ${added.map((table) => table.name).join(', ')}`);
  if ((await fingerprintOf(database)) !== snapshot.fingerprint) return false;
  await database.transaction(async (tx) => {
    await tx.exec(snapshot.truncate);
    for (const seed of snapshot.seeds)
      await tx.query(
        `INSERT INTO ${seed.table} OVERRIDING SYSTEM VALUE
         SELECT * FROM json_populate_recordset(NULL::${seed.table}, $1)`,
        [seed.rows],
      );
  });
  return true;
}

/** The migrated PGlite data directory, built once per migration set and cached in tmp. */
async function migratedTemplate(migrationsHash: () => Promise<string>): Promise<Blob> {
  const file = path.join(os.tmpdir(), `vfm-pglite-template-${await migrationsHash()}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrate(database);
    const dump = await database.dumpDataDir!();
    await database.close();
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}
