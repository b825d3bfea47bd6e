// The admin CLI's SQL (docs/decisions/0112): fleets and administrators created on the database,
// the operator's view of the ingest quarantine and of the jobs, and the cluster's own
// database. The commands (cli/commands.ts, cli/cluster.ts) check the input and word the answers.
import type pg from 'pg';
import type { Queryable } from '../db/client';
import { JOB_FLEET_SQL } from '../jobs/job-scope';
import { JOBS_SCHEMA } from '../jobs/queues';
import type { ActiveAccountInput } from '../modules/accounts/queries';

export async function accountEmailTaken(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM account WHERE email = $1', [email])).length > 0;
}

export async function insertAdminAccount(
  db: Queryable,
  account: ActiveAccountInput & { language: string },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO account (fleet_id, email, password_hash, roles, status, full_name, language,
                          password_changed_at)
     VALUES ($1, $2, $3, $4, 'ACTIVE', $5, $6, now()) RETURNING id`,
    [
      account.fleetId,
      account.email,
      account.passwordHash,
      account.roles,
      account.fullName,
      account.language,
    ],
  );
  return row!.id;
}

/** The new fleet's id, or null when a fleet of that name exists. */
export async function insertFleet(db: Queryable, name: string): Promise<string | null> {
  const [fleet] = await db.query<{ id: string }>(
    'INSERT INTO fleet (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id',
    [name],
  );
  return fleet?.id ?? null;
}

/** The fleet of that name whatever its case, or null. */
export async function fleetIdByNameAnyCase(db: Queryable, name: string): Promise<string | null> {
  const [fleet] = await db.query<{ id: string }>(
    'SELECT id FROM fleet WHERE lower(name) = lower($1)',
    [name],
  );
  return fleet?.id ?? null;
}

/** The fleet of exactly that name, or null. */
export async function fleetIdByName(db: Queryable, name: string): Promise<string | null> {
  const [fleet] = await db.query<{ id: string }>('SELECT id FROM fleet WHERE name = $1', [name]);
  return fleet?.id ?? null;
}

export interface QuarantineLine {
  id: number;
  fleet: string | null;
  module_id: string;
  kind: string;
  received_at: Date;
  attempts: number;
  reason: string;
  total: number;
}

/** The newest quarantined messages (of one fleet, or of all when null), with their total. */
export async function selectQuarantine(
  db: Queryable,
  fleetId: string | null,
  limit: number,
): Promise<QuarantineLine[]> {
  return db.query<QuarantineLine>(
    `SELECT q.id, f.name AS fleet, q.module_id, q.kind, q.received_at, q.attempts, q.reason,
            count(*) OVER ()::int AS total
       FROM ingest_quarantine q LEFT JOIN fleet f ON f.id = q.fleet_id
      WHERE $1::uuid IS NULL OR q.fleet_id = $1
      ORDER BY q.id DESC LIMIT $2`,
    [fleetId, limit],
  );
}

/** Jobs per queue and state, pg-boss's own queues left out. */
export async function selectQueueStates(
  db: Queryable,
): Promise<Array<{ name: string; state: string; count: number }>> {
  return db.query<{ name: string; state: string; count: number }>(
    `SELECT name, state::text AS state, count(*)::int AS count FROM ${JOBS_SCHEMA}.job
      WHERE name NOT LIKE '\\_\\_pgboss%' GROUP BY name, state ORDER BY name, state`,
  );
}

export interface FailedJobLine {
  id: string;
  name: string;
  /** the fleet whose job it is (its name, else its id); null: the operator's (ADR 0120) */
  fleet: string | null;
  event: string | null;
  completed_on: Date | null;
  output: { message?: string } | null;
  retry_count: number;
}

/** The newest failed jobs (the dead letters) of every fleet and of the operator. */
export async function selectFailedJobs(db: Queryable, limit: number): Promise<FailedJobLine[]> {
  return db.query<FailedJobLine>(
    `SELECT j.id, j.name, coalesce(f.name, ${JOB_FLEET_SQL('j')}) AS fleet,
            j.data->>'name' AS event, j.completed_on, j.output, j.retry_count
       FROM ${JOBS_SCHEMA}.job j
       LEFT JOIN fleet f ON f.id::text = ${JOB_FLEET_SQL('j')}
      WHERE j.state = 'failed'
      ORDER BY j.completed_on DESC NULLS LAST LIMIT $1`,
    [limit],
  );
}

/** One more attempt for a failed job; its queue's name, or null when no failed job has the id. */
export async function retryFailedJobRow(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ name: string }>(
    `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1
      WHERE id = $1 AND state = 'failed' RETURNING name`,
    [id],
  );
  return rows[0]?.name ?? null;
}

/** Creates the database `name` through a connection to another one, unless it exists. */
export async function createDatabaseIfMissing(client: pg.Client, name: string): Promise<boolean> {
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount) return false;
  await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  return true;
}
