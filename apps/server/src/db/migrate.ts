// Applies the SQL files of ./migrations in name order, each once, each in its own
// transaction. Several instances starting together on PostgreSQL serialise on a
// transaction-level advisory lock. The jobs home's queues are installed after them, under the
// same lock (jobs/queries/install.ts); src/migrate.ts runs both.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, TxQuery } from './client';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_210_001; // arbitrary, constant: "VFM migrations"

/** Holds the migrations' lock until `tx` ends: one instance migrates at a time (the queues'
 *  installation takes it too). */
export async function migrationLock(database: Database, tx: TxQuery): Promise<void> {
  if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
}

/** Applies the SQL files not applied yet; the names of those it applied. */
export async function migrateTables(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const lock = (tx: TxQuery) => migrationLock(database, tx);
  await database.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  // those applied already (a migrated template, a restart): skipped without a transaction each
  const done = new Set(
    (await database.query<{ name: string }>('SELECT name FROM schema_migration')).map(
      (row) => row.name,
    ),
  );
  for (const name of files.filter((file) => !done.has(file))) {
    const sql = await readFile(path.join(dir, name), 'utf8');
    await database
      .transaction(async (tx) => {
        await lock(tx);
        const done = await tx.query('SELECT 1 FROM schema_migration WHERE name = $1', [name]);
        if (done.length) return;
        await tx.exec(sql);
        await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [name]);
        applied.push(name);
      })
      .catch((error: unknown) => {
        throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
      });
  }
  return applied;
}
