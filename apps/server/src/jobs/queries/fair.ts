// The fair fetch of the jobs home (ADR 0118): pg-boss 10's own fetch (plans.js fetchNextJob)
// takes the oldest jobs of a queue whoever they belong to, so one fleet's pile of slow
// deliveries fills every slot. This statement takes as many jobs as a worker has free slots,
// in turns across fleets (each fleet's first waiting job, then each one's second…), and never
// lets a fleet hold more than its share of the queue's active jobs — counted in the database,
// so the share holds across worker processes (cluster mode). The columns it sets are pg-boss's
// (state, started_on, retry_count: the same as fetchNextJob), so pg-boss's lease, retries and
// dead letters work unchanged.
import { JOBS_SCHEMA } from '../queues';

/** A job's fleet, as its data carries it (`data.fleetId`, or an event's `data.data.fleetId`). */
const FLEET = `coalesce(data->>'fleetId', data->'data'->>'fleetId', '')`;

export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface FetchedJob {
  id: string;
  name: string;
  data: unknown;
  expireInSeconds: number;
}

/**
 * Claims up to `free` jobs of the queue, at most `fleetSlots` active per fleet (its jobs active
 * anywhere included). Rows another worker is claiming at the same moment are skipped (SKIP
 * LOCKED); the share may then be passed by one job per worker process for an instant, never more.
 */
export async function fetchFairly(
  db: SqlRunner,
  queue: string,
  free: number,
  fleetSlots: number,
): Promise<FetchedJob[]> {
  // `chosen` is MATERIALIZED: the choice is made once, before any row is locked
  const { rows } = await db.executeSql(
    `WITH active AS (
       SELECT ${FLEET} AS fleet, count(*)::int AS held
         FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'active' GROUP BY 1
     ), waiting AS (
       SELECT id, ${FLEET} AS fleet, priority, created_on
         FROM ${JOBS_SCHEMA}.job
        WHERE name = $1 AND state < 'active' AND start_after < now()
     ), ranked AS (
       SELECT w.id, w.priority, w.created_on, coalesce(a.held, 0) AS held,
              row_number() OVER (PARTITION BY w.fleet
                                 ORDER BY w.priority DESC, w.created_on, w.id) AS turn
         FROM waiting w LEFT JOIN active a ON a.fleet = w.fleet
     ), chosen AS MATERIALIZED (
       SELECT id FROM ranked WHERE held + turn <= $3
        ORDER BY turn, priority DESC, created_on, id LIMIT $2
     ), locked AS (
       SELECT j.id FROM ${JOBS_SCHEMA}.job j
        WHERE j.name = $1 AND j.id IN (SELECT id FROM chosen) AND j.state < 'active'
        FOR UPDATE SKIP LOCKED
     )
     UPDATE ${JOBS_SCHEMA}.job j
        SET state = 'active', started_on = now(),
            retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1
                               ELSE j.retry_count END
       FROM locked
      WHERE j.name = $1 AND j.id = locked.id
     RETURNING j.id, j.name, j.data, EXTRACT(epoch FROM j.expire_in)::float8 AS "expireInSeconds"`,
    [queue, free, fleetSlots],
  );
  return rows as unknown as FetchedJob[];
}

export interface FleetLoad {
  queue: string;
  fleet: string;
  active: number;
  /** waiting jobs that could start now */
  ready: number;
}

/**
 * Per queue and fleet: the jobs active and those ready to start (the metrics: a fleet at its
 * share with jobs ready is one whose work is deferred for fairness).
 */
export async function selectFleetLoad(db: SqlRunner, queues: string[]): Promise<FleetLoad[]> {
  const { rows } = await db.executeSql(
    `SELECT name AS queue, ${FLEET} AS fleet,
            count(*) FILTER (WHERE state = 'active')::int AS active,
            count(*) FILTER (WHERE state < 'active' AND start_after < now())::int AS ready
       FROM ${JOBS_SCHEMA}.job
      WHERE name = ANY($1::text[]) AND state <= 'active'
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [queues],
  );
  return rows as unknown as FleetLoad[];
}
