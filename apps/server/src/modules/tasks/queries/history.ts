// A task's history, and the fleet's active accounts a task may be given to.
import { jsonRecords, type Queryable } from '../../../db/client';
import { userRef, type UserRefRow } from './columns';

export interface HistoryEntry {
  taskId: string;
  action: string;
  actorId: string | null;
  data?: Record<string, unknown>;
}

export async function insertHistory(db: Queryable, entries: HistoryEntry[], now: Date) {
  if (!entries.length) return;
  await db.query(
    `INSERT INTO task_history (task_id, at, action, actor_id, data)
     SELECT task_id, $2, action, actor_id, coalesce(data, '{}'::jsonb)
       FROM json_to_recordset($1::json) AS h(task_id uuid, action text, actor_id uuid, data jsonb)`,
    [
      jsonRecords(entries, (e) => ({
        task_id: e.taskId,
        action: e.action,
        actor_id: e.actorId,
        data: e.data ?? {},
      })),
      now,
    ],
  );
}

export async function selectHistory(db: Queryable, taskId: string) {
  return db.query<{
    at: Date;
    action: string;
    by: UserRefRow | null;
    data: Record<string, unknown>;
  }>(
    `SELECT h.at, h.action, ${userRef('a')} AS by, h.data
       FROM task_history h LEFT JOIN account a ON a.id = h.actor_id
      WHERE h.task_id = $1 ORDER BY h.id`,
    [taskId],
  );
}

/** Active accounts of the fleet among these ids. */
export async function activeAccountsOfFleet(db: Queryable, fleetId: string, ids: string[]) {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM account WHERE fleet_id = $1 AND id = ANY($2::uuid[]) AND status = 'ACTIVE'`,
    [fleetId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

// ---- automatic tasks (ADR 0091) ------------------------------------------------------------
