// The writes of the status flow: each a conditional UPDATE (two technicians cannot both take a
// task), the outcome recorded, the battery swapped, the checklist, the holder.
import type { TaskCause, TaskKind, TaskPriority, TaskRuleRef, TaskStatus } from '@vfm/contract';
import { jsonRecords, type Queryable, queryOne } from '../../../db/client';
import type { UserRefRow } from './columns';

export interface LockedTask {
  id: string;
  bike_id: number;
  vehicle_number: string;
  kind: TaskKind;
  status: TaskStatus;
  assignee_id: string | null;
  checked: string[];
  cause: TaskCause | null;
}

/** The task, locked for the caller's change; null when it is not of the fleet. */
export async function lockTask(db: Queryable, fleetId: string, id: string) {
  return queryOne<LockedTask>(
    db,
    `SELECT t.id, t.bike_id, b.vehicle_number, t.kind, t.status, t.assignee_id, t.checked, t.cause
       FROM task t JOIN bike b ON b.id = t.bike_id
      WHERE t.fleet_id = $1 AND t.id = $2 FOR UPDATE OF t`,
    [fleetId, id],
  );
}

export interface NewTask {
  bikeId: number;
  kind: TaskKind;
  title: string;
  priority: TaskPriority;
  dueAt: Date | null;
  assigneeId: string | null;
  notes: string;
  createdBy: string | null;
  /** where a move leaves its bike (a rebalancing recommendation's destination) */
  dropOff?: { latitude: number; longitude: number } | null;
  /** the rule whose action opens it, as it is now */
  rule?: TaskRuleRef | null;
}

export async function insertTasks(db: Queryable, fleetId: string, tasks: NewTask[], now: Date) {
  const rows = await db.query<{ id: string; bike_id: number }>(
    `INSERT INTO task (fleet_id, bike_id, kind, title, priority, due_at, assignee_id, notes,
                       created_by, drop_off_latitude, drop_off_longitude, rule_id, rule_name,
                       rule_builtin, created_at, updated_at)
     SELECT $1, bike_id, kind, title, priority, due_at, assignee_id, notes, created_by,
            drop_off_latitude, drop_off_longitude, rule_id, rule_name, rule_builtin, $3, $3
       FROM json_to_recordset($2::json) AS t(bike_id bigint, kind text, title text,
            priority text, due_at timestamptz, assignee_id uuid, notes text, created_by uuid,
            drop_off_latitude float8, drop_off_longitude float8, rule_id uuid, rule_name text,
            rule_builtin text)
     RETURNING id, bike_id`,
    [
      fleetId,
      jsonRecords(tasks, (t) => ({
        bike_id: t.bikeId,
        kind: t.kind,
        title: t.title,
        priority: t.priority,
        due_at: t.dueAt?.toISOString() ?? null,
        assignee_id: t.assigneeId,
        notes: t.notes,
        created_by: t.createdBy,
        drop_off_latitude: t.dropOff?.latitude ?? null,
        drop_off_longitude: t.dropOff?.longitude ?? null,
        rule_id: t.rule?.id ?? null,
        rule_name: t.rule?.name ?? null,
        rule_builtin: t.rule?.builtin ?? null,
      })),
      now,
    ],
  );
  return rows;
}

export interface TaskFields {
  title?: string;
  priority?: TaskPriority;
  dueAt?: Date | null;
  assigneeId?: string | null;
  notes?: string;
}

export async function updateTaskFields(db: Queryable, id: string, fields: TaskFields, now: Date) {
  const sets: string[] = [];
  const values: unknown[] = [id, now];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (fields.title !== undefined) set('title', fields.title);
  if (fields.priority !== undefined) set('priority', fields.priority);
  if (fields.dueAt !== undefined) set('due_at', fields.dueAt);
  if (fields.assigneeId !== undefined) set('assignee_id', fields.assigneeId);
  if (fields.notes !== undefined) set('notes', fields.notes);
  await db.query(
    `UPDATE task SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1`,
    values,
  );
}

/**
 * Takes an open task for this account: one statement, so of two technicians taking it at once
 * one updates the row and the other finds it taken (0 rows). A task assigned to somebody else
 * cannot be taken. Answers whether it was taken.
 */
export async function takeTask(db: Queryable, fleetId: string, id: string, by: string, now: Date) {
  const rows = await db.query(
    `UPDATE task SET status = 'IN_PROGRESS', assignee_id = $3, started_at = $4, started_by = $3,
            updated_at = $4
      WHERE fleet_id = $1 AND id = $2 AND status = 'OPEN'
        AND (assignee_id IS NULL OR assignee_id = $3)
      RETURNING id`,
    [fleetId, id, by, now],
  );
  return rows.length > 0;
}

/** Closes a task (DONE or CANCELLED) that is in one of the `from` statuses. */
export async function closeTask(
  db: Queryable,
  id: string,
  status: 'DONE' | 'CANCELLED',
  by: string | null,
  now: Date,
) {
  await db.query(
    `UPDATE task SET status = $2, closed_at = $4, closed_by = $3, updated_at = $4 WHERE id = $1`,
    [id, status, by, now],
  );
}

/** What a done task leaves behind (ADR 0100): the battery fitted, the parts, the cost. */
export interface TaskRecord {
  swapBatteryLevel?: number;
  swapBatteryNumber?: string | null;
  parts?: string;
  cost?: { amount: number; currency: string };
}

export async function recordTaskOutcome(db: Queryable, id: string, record: TaskRecord) {
  await db.query(
    `UPDATE task SET swap_battery_level = $2, swap_battery_number = $3, parts = $4,
            cost_amount = round($5::numeric, 2), cost_currency = $6 WHERE id = $1`,
    [
      id,
      record.swapBatteryLevel ?? null,
      record.swapBatteryNumber ?? null,
      record.parts ?? '',
      record.cost?.amount ?? null,
      record.cost?.currency ?? null,
    ],
  );
}

/**
 * A battery swap done: the bike's battery record is the battery fitted — its charge, its number
 * (kept when the swap names none), the date of the change; the range left scales with the
 * charge, and the low battery state ends when the new charge is above the fleet's threshold. The caller
 * notifies the fleet change (THE CHANGE NOTIFICATION CONTRACT).
 */
export async function swapBikeBattery(
  db: Queryable,
  bikeId: number,
  swap: { level: number; batteryNumber: string | null },
  now: Date,
) {
  await db.query(
    `UPDATE bike SET
        autonomy_km = CASE WHEN bike_battery_level > 0 AND autonomy_km IS NOT NULL
          THEN autonomy_km * $2::int / bike_battery_level ELSE autonomy_km END,
        bike_battery_level = $2::int,
        battery_number = coalesce($3::text, battery_number),
        last_battery_change_date = $4,
        low_vehicle_battery_since = CASE
          WHEN $2::int > (SELECT f.low_vehicle_battery_percent FROM fleet f WHERE f.id = bike.fleet_id)
          THEN NULL ELSE low_vehicle_battery_since END,
        updated_at = $4
      WHERE id = $1`,
    [bikeId, swap.level, swap.batteryNumber, now],
  );
}

export async function reopenTask(db: Queryable, id: string, now: Date) {
  await db.query(
    `UPDATE task SET status = 'OPEN', started_at = NULL, started_by = NULL, closed_at = NULL,
            closed_by = NULL, swap_battery_level = NULL, swap_battery_number = NULL, parts = '',
            cost_amount = NULL, cost_currency = NULL, updated_at = $2 WHERE id = $1`,
    [id, now],
  );
}

export async function updateChecked(db: Queryable, id: string, checked: string[], now: Date) {
  await db.query(`UPDATE task SET checked = $2, updated_at = $3 WHERE id = $1`, [id, checked, now]);
}

/** The account that holds a task (the 409 of a second taker). */
export async function selectHolder(db: Queryable, id: string) {
  return queryOne<UserRefRow & { status: TaskStatus }>(
    db,
    `SELECT a.id, a.email, nullif(a.full_name, '') AS name, t.status
       FROM task t JOIN account a ON a.id = t.assignee_id WHERE t.id = $1`,
    [id],
  );
}
