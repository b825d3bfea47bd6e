// The automatic tasks (docs/tasks.md): one open per bike and cause, by the unique partial index.
import type { TaskCause, TaskKind, TaskPriority } from '@vfm/contract';
import { jsonRecords, type Queryable } from '../../../db/client';

/** A task the server opens by itself: for an alert's cause, or a maintenance schedule's. */
export interface AutomaticTask {
  fleetId: string;
  bikeId: number;
  cause: TaskCause;
  kind: TaskKind;
  priority: TaskPriority;
  /** the alert it answers: opened only while that alert is active */
  alertId?: string;
  /** the maintenance schedule that fell due, and the task's notes (the schedule's name) */
  scheduleId?: string;
  notes?: string;
}

/** Opens the automatic tasks that are not open yet (idempotent: the partial unique index, whose
 *  own predicate — its migration — ON CONFLICT names as written there). */
export async function insertAutomaticTasks(db: Queryable, tasks: AutomaticTask[], now: Date) {
  if (!tasks.length) return [];
  return db.query<{ id: string; fleet_id: string; bike_id: number; cause: TaskCause }>(
    `INSERT INTO task (fleet_id, bike_id, kind, priority, cause, alert_id, schedule_id, notes,
                       created_at, updated_at)
     SELECT t.fleet_id, t.bike_id, t.kind, t.priority, t.cause, t.alert_id, t.schedule_id,
            t.notes, $2, $2
       FROM json_to_recordset($1::json) AS t(fleet_id uuid, bike_id bigint, kind text,
            priority text, cause text, alert_id uuid, schedule_id uuid, notes text)
       JOIN bike b ON b.id = t.bike_id AND b.fleet_id = t.fleet_id
      -- an alert's task: the alert still active (a late or retried job never opens a task for a
      -- cleared cause)
      WHERE t.alert_id IS NULL
         OR EXISTS (SELECT 1 FROM alert a WHERE a.id = t.alert_id AND a.cleared_at IS NULL)
     ON CONFLICT (bike_id, cause)
        WHERE cause IS NOT NULL AND status IN ('OPEN', 'IN_PROGRESS') DO NOTHING
     RETURNING id, fleet_id, bike_id, cause`,
    [
      jsonRecords(tasks, (t) => ({
        fleet_id: t.fleetId,
        bike_id: t.bikeId,
        kind: t.kind,
        priority: t.priority,
        cause: t.cause,
        alert_id: t.alertId ?? null,
        schedule_id: t.scheduleId ?? null,
        notes: t.notes ?? '',
      })),
      now,
    ],
  );
}

/**
 * Cancels the automatic tasks of these (bike, cause) that nobody has started (status OPEN);
 * a task in progress stays with its technician.
 */
export async function cancelUnstartedAutomaticTasks(
  db: Queryable,
  causes: Array<{ bikeId: number; cause: TaskCause }>,
  now: Date,
) {
  if (!causes.length) return [];
  return db.query<{ id: string; fleet_id: string; bike_id: number; cause: TaskCause }>(
    `UPDATE task t SET status = 'CANCELLED', closed_at = $2, closed_by = NULL, updated_at = $2
       FROM json_to_recordset($1::json) AS c(bike_id bigint, cause text)
      WHERE t.bike_id = c.bike_id AND t.cause = c.cause AND t.status = 'OPEN'
      RETURNING t.id, t.fleet_id, t.bike_id, t.cause`,
    [JSON.stringify(causes.map((c) => ({ bike_id: c.bikeId, cause: c.cause }))), now],
  );
}

// ---- the battery swap queue (docs/tasks.md) ---------------------------------------------------
