// The SQL of the maintenance schedules (docs/tasks.md): the schedules of a fleet with the bikes
// they cover, the sweep that finds the bikes due (set-based, every fleet at once), and the
// baseline a done maintenance task resets.
import type { Queryable } from '../../db/client';

export interface ScheduleRow {
  id: string;
  name: string;
  model: string | null;
  group_id: string | null;
  every_km: number | null;
  every_days: number | null;
  every_cycles: number | null;
  created_at: Date;
  bikes: number;
  due: number;
}

/**
 * The groups each schedule of a group covers: its group and every sub-group below it (a
 * schedule on a group applies to its sub-groups). A query that uses COVERS starts with it.
 */
const SCHEDULE_GROUPS = `WITH RECURSIVE schedule_group(schedule_id, group_id) AS (
    SELECT s.id, s.group_id FROM maintenance_schedule s WHERE s.group_id IS NOT NULL
    UNION
    SELECT sg.schedule_id, g.id FROM schedule_group sg JOIN fleet_group g ON g.parent_id = sg.group_id)`;

/** the bikes a schedule `s` covers, as a condition on `b` (after SCHEDULE_GROUPS) */
const COVERS = `b.fleet_id = s.fleet_id AND (s.model IS NULL OR b.model = s.model)
  AND (s.group_id IS NULL
    OR (s.id, b.group_id) IN (SELECT schedule_id, group_id FROM schedule_group))`;

export async function selectSchedules(db: Queryable, fleetId: string, id: string | null = null) {
  return db.query<ScheduleRow>(
    `${SCHEDULE_GROUPS}
     SELECT s.id, s.name, s.model, s.group_id, s.every_km, s.every_days, s.every_cycles,
            s.created_at,
            (SELECT count(*)::int FROM bike b WHERE ${COVERS}) AS bikes,
            (SELECT count(*)::int FROM task t WHERE t.schedule_id = s.id
                AND t.status IN ('OPEN', 'IN_PROGRESS')) AS due
       FROM maintenance_schedule s
      WHERE s.fleet_id = $1 AND ($2::uuid IS NULL OR s.id = $2)
      ORDER BY lower(s.name), s.id`,
    [fleetId, id],
  );
}

export async function groupOfFleet(db: Queryable, fleetId: string, groupId: string) {
  const rows = await db.query('SELECT 1 FROM fleet_group WHERE id = $1 AND fleet_id = $2', [
    groupId,
    fleetId,
  ]);
  return rows.length > 0;
}

export interface NewSchedule {
  name: string;
  model: string | null;
  groupId: string | null;
  everyKm: number | null;
  everyDays: number | null;
  everyCycles: number | null;
  createdBy: string;
}

export async function insertSchedule(db: Queryable, fleetId: string, s: NewSchedule, now: Date) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO maintenance_schedule (fleet_id, name, model, group_id, every_km, every_days,
                                       every_cycles, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [fleetId, s.name, s.model, s.groupId, s.everyKm, s.everyDays, s.everyCycles, s.createdBy, now],
  );
  return row!.id;
}

export async function deleteSchedule(db: Queryable, fleetId: string, id: string) {
  const rows = await db.query<{ name: string }>(
    'DELETE FROM maintenance_schedule WHERE fleet_id = $1 AND id = $2 RETURNING name',
    [fleetId, id],
  );
  return rows[0] ?? null;
}

/**
 * The sweep, step 1: a bike a schedule covers for the first time starts its period now, from
 * its current odometer and charge cycles (a new schedule does not make the whole fleet due).
 */
export async function startMissingPeriods(db: Queryable, now: Date, fleetId: string | null) {
  await db.query(
    `${SCHEDULE_GROUPS}
     INSERT INTO maintenance_baseline (schedule_id, bike_id, since, odometer_km, charge_cycles)
     SELECT s.id, b.id, $1, coalesce(b.odometer_km, 0), coalesce(b.battery_charge_cycles, 0)
       FROM maintenance_schedule s JOIN bike b ON ${COVERS}
      WHERE ($2::uuid IS NULL OR s.fleet_id = $2)
     ON CONFLICT (schedule_id, bike_id) DO NOTHING`,
    [now, fleetId],
  );
}

export interface DueBike {
  fleet_id: string;
  bike_id: number;
  schedule_id: string;
  schedule_name: string;
  km: number;
  days: number;
  cycles: number;
}

/** The sweep, step 2: the bikes due for a schedule (one row per bike: its first schedule due). */
export async function selectDueBikes(db: Queryable, now: Date, fleetId: string | null) {
  return db.query<DueBike>(
    `${SCHEDULE_GROUPS}
     SELECT DISTINCT ON (b.id) s.fleet_id, b.id AS bike_id, s.id AS schedule_id,
            s.name AS schedule_name,
            coalesce(b.odometer_km, 0) - m.odometer_km AS km,
            extract(epoch FROM ($1::timestamptz - m.since)) / 86400 AS days,
            coalesce(b.battery_charge_cycles, 0) - m.charge_cycles AS cycles
       FROM maintenance_schedule s
       JOIN bike b ON ${COVERS}
       JOIN maintenance_baseline m ON m.schedule_id = s.id AND m.bike_id = b.id
      WHERE ($2::uuid IS NULL OR s.fleet_id = $2)
        AND ((s.every_km IS NOT NULL AND coalesce(b.odometer_km, 0) - m.odometer_km >= s.every_km)
          OR (s.every_days IS NOT NULL AND m.since + make_interval(days => s.every_days) <= $1)
          OR (s.every_cycles IS NOT NULL
              AND coalesce(b.battery_charge_cycles, 0) - m.charge_cycles >= s.every_cycles))
      ORDER BY b.id, s.created_at, s.id`,
    [now, fleetId],
  );
}

/** A bike's maintenance was done: its next period of that schedule starts now. */
export async function restartPeriod(db: Queryable, scheduleId: string, bikeId: number, now: Date) {
  await db.query(
    `INSERT INTO maintenance_baseline (schedule_id, bike_id, since, odometer_km, charge_cycles)
     SELECT $1, b.id, $3, coalesce(b.odometer_km, 0), coalesce(b.battery_charge_cycles, 0)
       FROM bike b WHERE b.id = $2
     ON CONFLICT (schedule_id, bike_id) DO UPDATE
       SET since = EXCLUDED.since, odometer_km = EXCLUDED.odometer_km,
           charge_cycles = EXCLUDED.charge_cycles`,
    [scheduleId, bikeId, now],
  );
}

/** The schedule of a task done (null: not a maintenance task). */
export async function scheduleOfTask(db: Queryable, taskId: string) {
  const [row] = await db.query<{ schedule_id: string | null; bike_id: number }>(
    'SELECT schedule_id, bike_id FROM task WHERE id = $1',
    [taskId],
  );
  return row?.schedule_id ? { scheduleId: row.schedule_id, bikeId: row.bike_id } : null;
}
