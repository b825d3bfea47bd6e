// Applies the SQL files of ./migrations in name order, each once, each in its own
// transaction. Several instances starting together on PostgreSQL serialise on a
// transaction-level advisory lock.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PgBoss from 'pg-boss';
import type { Database, TxQuery } from './client';
import { JOBS_SCHEMA, QUEUES, queueNames, type QueuePolicy } from '../jobs/queues';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_210_001; // arbitrary, constant: "VFM migrations"

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  // the queues are the modules' (ADR 0123): whoever migrates loads the module list first
  if (!queueNames().length)
    throw new Error('no queue registered: import the module list (src/modules) before migrating');
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
  await database.transaction(async (tx) => {
    await lock(tx);
    const [row] = await tx.query<{ installed: boolean }>(
      `SELECT to_regclass('${JOBS_SCHEMA}.version') IS NOT NULL AS installed`,
    );
    if (!row?.installed) {
      // its construction script, inside this transaction (and this lock) rather than its own;
      // later versions upgrade their schema when they start
      const plans = PgBoss.getConstructionPlans(JOBS_SCHEMA)
        .replace(/^\s*BEGIN;/, '')
        .replace(/COMMIT;\s*$/, '');
      await tx.exec(plans);
      applied.push(`${JOBS_SCHEMA} (pg-boss)`);
    }
    // the queues (one table partition each): created once, their policies kept up to date
    const existing = await tx.query<{ name: string }>(`SELECT name FROM ${JOBS_SCHEMA}.queue`);
    const names = new Set(existing.map((queue) => queue.name));
    for (const [name, policy] of Object.entries(QUEUES) as Array<[string, QueuePolicy]>) {
      const options = {
        policy: 'standard',
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelay,
        retryBackoff: true,
        expireInSeconds: policy.expireInSeconds,
      };
      if (names.has(name))
        await tx.query(
          `UPDATE ${JOBS_SCHEMA}.queue SET retry_limit = $2, retry_delay = $3, retry_backoff = true,
                  expire_seconds = $4 WHERE name = $1`,
          [name, policy.retryLimit, policy.retryDelay, policy.expireInSeconds],
        );
      else {
        await tx.query(`SELECT ${JOBS_SCHEMA}.create_queue($1, $2)`, [name, options]);
        applied.push(`${JOBS_SCHEMA} queue ${name}`);
      }
    }
  });
  return applied;
}
