// The jobs home's own SQL (docs/decisions/0112): the wake-up notice, the counts per state, the
// probe's record, and the operator's view of the queues (the admin CLI). pg-boss's own
// statements stay in pg-boss; the fleet administrator's view is modules/jobs/queries.ts.
import type { Queryable } from '../../db/client';
import { JOBS_SCHEMA } from '../queues';

export const JOBS_CHANNEL = 'vfm_jobs';

/** One notice per queue on `vfm_jobs`, delivered at commit (never for a rolled-back job). */
export async function notifyQueues(db: Queryable, queues: string[]): Promise<void> {
  await db.query(`SELECT pg_notify('${JOBS_CHANNEL}', q) FROM unnest($1::text[]) AS q`, [queues]);
}

/** Jobs per queue and state (the metrics' backlog, the administration's counts). */
export async function selectJobCounts(
  db: Queryable,
): Promise<Array<{ name: string; state: string; count: number }>> {
  return db.query(
    `SELECT name, state::text AS state, count(*)::int AS count
         FROM ${JOBS_SCHEMA}.job GROUP BY name, state ORDER BY name, state`,
  );
}

/** Records that a probe ran: once per job, however often it is delivered (at-least-once). */
export async function recordProbe(db: Queryable, jobId: string, token: string, processId: number) {
  await db.query(
    `INSERT INTO job_probe (job_id, token, process_id) VALUES ($1, $2, $3)
     ON CONFLICT (job_id) DO UPDATE SET runs = job_probe.runs + 1`,
    [jobId, token, processId],
  );
}
