// Applies the SQL files of ./migrations in name order, each once, each in its own
// transaction. Several instances starting together on PostgreSQL serialise on a
// transaction-level advisory lock.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, TxQuery } from './client';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_210_001; // arbitrary, constant: "VFM migrations"

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const lock = async (tx: TxQuery) => {
    if (database.kind === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
  };
  await database.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const name of files) {
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
