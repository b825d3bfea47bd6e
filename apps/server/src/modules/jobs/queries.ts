// The jobs home's rows as a fleet administrator may see them (ADR 0120): only the jobs whose
// data names their fleet (domain events carry it). The operator's (no fleet: sweeps,
// housekeeping, the probe) and other fleets' are never counted, listed nor found here.
import type { FailedJob, QueueCounts } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { fleetQueues, JOB_FLEET_SQL } from '../../jobs/job-scope';
import { JOBS_SCHEMA } from '../../jobs/queues';

const VISIBLE = `${JOB_FLEET_SQL('j')} = $1::text`;

/** The fleet queues (with their zeros), and any other queue holding jobs of the fleet. */
export async function selectQueueCounts(db: Queryable, fleetId: string): Promise<QueueCounts[]> {
  return db.query<QueueCounts>(
    `SELECT q.name AS queue,
            count(j.id) FILTER (WHERE j.state = 'created')::int AS created,
            count(j.id) FILTER (WHERE j.state = 'retry')::int AS retry,
            count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
            count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
       FROM ${JOBS_SCHEMA}.queue q
       LEFT JOIN ${JOBS_SCHEMA}.job j ON j.name = q.name AND ${VISIBLE}
      WHERE q.name NOT LIKE '\\_\\_pgboss%'
      GROUP BY q.name HAVING q.name = ANY($2::text[]) OR count(j.id) > 0
      ORDER BY q.name`,
    [fleetId, fleetQueues()],
  );
}

interface FailedRow {
  id: string;
  queue: string;
  event: string | null;
  vehicleNumber: string | null;
  error: unknown;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
}

export async function selectFailedJobs(
  db: Queryable,
  fleetId: string,
  page: number,
  size: number,
): Promise<{ content: FailedJob[]; total: number }> {
  const where = `j.state = 'failed' AND ${VISIBLE}`;
  const [rows, [count]] = await Promise.all([
    db.query<FailedRow>(
      `SELECT j.id, j.name AS queue, j.data->>'name' AS event,
              j.data->'data'->>'vehicleNumber' AS "vehicleNumber", j.output AS error,
              j.retry_count + 1 AS attempts, j.created_on AS "createdAt",
              j.completed_on AS "failedAt"
         FROM ${JOBS_SCHEMA}.job j WHERE ${where}
        ORDER BY j.completed_on DESC NULLS LAST, j.id LIMIT $2 OFFSET $3`,
      [fleetId, size, page * size],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${JOBS_SCHEMA}.job j WHERE ${where}`,
      [fleetId],
    ),
  ]);
  return {
    content: rows.map((row) => ({
      ...row,
      error: errorText(row.error),
      createdAt: row.createdAt.toISOString(),
      failedAt: row.failedAt ? row.failedAt.toISOString() : null,
    })),
    total: count?.total ?? 0,
  };
}

/** pg-boss keeps a handler's error as {message, stack, …}; only the message is shown. */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output)
    return String((output as { message: unknown }).message).slice(0, 500);
  return output === null || output === undefined
    ? 'unknown error'
    : JSON.stringify(output).slice(0, 500);
}

/** The queue of a failed job the administrator may see, or null. */
export async function selectFailedJobQueue(db: Queryable, fleetId: string, id: string) {
  const [row] = await db.query<{ queue: string }>(
    `SELECT j.name AS queue FROM ${JOBS_SCHEMA}.job j
      WHERE j.id = $2 AND j.state = 'failed' AND ${VISIBLE}`,
    [fleetId, id],
  );
  return row?.queue ?? null;
}
