// The jobs home's schema (pg-boss's own) and the queues the modules declare (ADR 0123), one
// partition each: created once, their policies kept up to date. It runs after the tables'
// migrations (src/migrate.ts), under their lock.
import PgBoss from 'pg-boss';
import { migrationLock } from '../../db/migrate';
import type { Database } from '../../db/client';
import { JOBS_SCHEMA, QUEUES, queueNames, type QueuePolicy } from '../queues';

/** The queues are the modules': whoever migrates loads the module list first. */
export function assertQueuesRegistered(): void {
  if (!queueNames().length)
    throw new Error('no queue registered: import the module list (src/modules) before migrating');
}

/** Installs pg-boss's schema where it is missing and every registered queue; what it did. */
export async function installQueues(database: Database): Promise<string[]> {
  assertQueuesRegistered();
  const applied: string[] = [];
  await database.transaction(async (tx) => {
    await migrationLock(database, tx);
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
