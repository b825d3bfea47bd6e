// The SQL of the task statistics (docs/tasks.md): per day opened and closed, and the median time
// from creation to done per kind and per technician, over a period of UTC days.
import type { TaskKind } from '@vfm/contract';
import type { Queryable } from '../../db/client';

export async function tasksPerDay(db: Queryable, fleetId: string, from: string, to: string) {
  return db.query<{ day: string; opened: number; closed: number }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
            (SELECT count(*)::int FROM task t WHERE t.fleet_id = $1
                AND t.created_at >= d.day AND t.created_at < d.day + interval '1 day') AS opened,
            (SELECT count(*)::int FROM task t WHERE t.fleet_id = $1
                AND t.status IN ('DONE', 'CANCELLED')
                AND t.closed_at >= d.day AND t.closed_at < d.day + interval '1 day') AS closed
       FROM generate_series($2::date::timestamp AT TIME ZONE 'UTC',
                            $3::date::timestamp AT TIME ZONE 'UTC', interval '1 day') AS d(day)
      ORDER BY d.day`,
    [fleetId, from, to],
  );
}

const DONE_IN_PERIOD = `t.fleet_id = $1 AND t.status = 'DONE'
  AND t.closed_at >= $2::date::timestamp AT TIME ZONE 'UTC'
  AND t.closed_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`;
const MEDIAN = `percentile_cont(0.5) WITHIN GROUP (
  ORDER BY extract(epoch FROM (t.closed_at - t.created_at)) / 60)`;

export async function closedByKind(db: Queryable, fleetId: string, from: string, to: string) {
  return db.query<{ kind: TaskKind; done: number; median: number | null }>(
    `SELECT t.kind, count(*)::int AS done, ${MEDIAN} AS median
       FROM task t WHERE ${DONE_IN_PERIOD} GROUP BY t.kind ORDER BY t.kind`,
    [fleetId, from, to],
  );
}

/** A technician's closed tasks: how many, and the median minutes from creation to close. */
export interface TechnicianClosedRow {
  id: string;
  email: string;
  name: string | null;
  done: number;
  median: number | null;
}

export async function closedByTechnician(db: Queryable, fleetId: string, from: string, to: string) {
  return db.query<TechnicianClosedRow>(
    `SELECT a.id, a.email, nullif(a.full_name, '') AS name, count(*)::int AS done,
            ${MEDIAN} AS median
       FROM task t JOIN account a ON a.id = t.closed_by
      WHERE ${DONE_IN_PERIOD}
      GROUP BY a.id, a.email, a.full_name ORDER BY count(*) DESC, a.email`,
    [fleetId, from, to],
  );
}
