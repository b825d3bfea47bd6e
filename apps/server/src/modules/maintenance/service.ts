// Maintenance schedules (docs/tasks.md): a fleet's rules "every N km / N days / N charge cycles"
// for a vehicle type and/or a group. The sweep (queue tasks.maintenance, every 10 minutes)
// opens a REPAIR task (cause MAINTENANCE_DUE) for each bike due — one open per bike — and
// finishing that task starts the bike's next period. Managers and administrators only (the
// routes are closed to field technicians).
import type {
  MaintenanceSchedule,
  MaintenanceScheduleCreate,
  MaintenanceScheduleList,
} from '@vfm/contract';
import type { Database, Queryable } from '../../db/client';
import { badRequest, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { FleetChanges } from '../bikes/fleet-changes';
import { insertAutomaticTasks, insertHistory } from '../tasks/queries';
import { recordFleetAction } from '../events/fleet-actions';
import * as q from './queries';

const NOT_FOUND = 'This maintenance schedule does not exist in your fleet.';

const toSchedule = (row: q.ScheduleRow): MaintenanceSchedule => ({
  id: row.id,
  name: row.name,
  model: row.model,
  groupId: row.group_id,
  everyKm: row.every_km,
  everyDays: row.every_days,
  everyCycles: row.every_cycles,
  bikes: row.bikes,
  due: row.due,
  createdAt: row.created_at.toISOString(),
});

export async function listSchedules(scope: RequestScope): Promise<MaintenanceScheduleList> {
  const rows = await q.selectSchedules(scope.database, scope.fleetId);
  return { content: rows.map(toSchedule) };
}

export async function createSchedule(
  scope: RequestScope,
  input: MaintenanceScheduleCreate,
): Promise<MaintenanceSchedule> {
  const everyKm = input.everyKm ?? null;
  const everyDays = input.everyDays ?? null;
  const everyCycles = input.everyCycles ?? null;
  if (everyKm === null && everyDays === null && everyCycles === null)
    throw badRequest('A schedule needs a distance, a number of days or of charge cycles.', [
      { field: 'everyKm', message: 'one of everyKm, everyDays, everyCycles is required' },
    ]);
  const { database, fleetId, principal, now } = scope;
  const id = await database.transaction(async (tx) => {
    if (input.groupId && !(await q.groupOfFleet(tx, fleetId, input.groupId)))
      throw notFound('This group does not exist in your fleet.', [input.groupId]);
    const created = await q.insertSchedule(
      tx,
      fleetId,
      {
        name: input.name.trim(),
        model: input.model?.trim() || null,
        groupId: input.groupId ?? null,
        everyKm,
        everyDays,
        everyCycles,
        createdBy: principal.accountId,
      },
      now,
    );
    // the covered bikes' first period starts now
    await q.startMissingPeriods(tx, now, fleetId);
    await audit(tx, scope, 'MAINTENANCE_SCHEDULE_CREATED', { id: created, name: input.name });
    return created;
  });
  const [row] = await q.selectSchedules(database, fleetId, id);
  return toSchedule(row!);
}

export async function deleteSchedule(scope: RequestScope, id: string): Promise<void> {
  await scope.database.transaction(async (tx) => {
    const deleted = await q.deleteSchedule(tx, scope.fleetId, id);
    if (!deleted) throw notFound(NOT_FOUND);
    await audit(tx, scope, 'MAINTENANCE_SCHEDULE_DELETED', { id, name: deleted.name });
  });
}

/** Opens the maintenance tasks of the bikes due (every fleet, or one); answers how many. */
export async function sweepMaintenance(
  database: Database,
  now: Date,
  fleetId: string | null = null,
) {
  return database.transaction(async (tx) => {
    await q.startMissingPeriods(tx, now, fleetId);
    const due = await q.selectDueBikes(tx, now, fleetId);
    const opened = await insertAutomaticTasks(
      tx,
      due.map((d) => ({
        fleetId: d.fleet_id,
        bikeId: d.bike_id,
        cause: 'MAINTENANCE_DUE',
        kind: 'REPAIR',
        priority: 'NORMAL',
        scheduleId: d.schedule_id,
        notes: d.schedule_name,
      })),
      now,
    );
    const dueOf = new Map(due.map((d) => [d.bike_id, d]));
    await insertHistory(
      tx,
      opened.map((task) => {
        const d = dueOf.get(task.bike_id)!;
        return {
          taskId: task.id,
          action: 'CREATED',
          actorId: null,
          data: {
            cause: 'MAINTENANCE_DUE',
            schedule: d.schedule_name,
            km: Math.round(d.km),
            days: Math.floor(d.days),
            cycles: d.cycles,
          },
        };
      }),
      now,
    );
    // the live stream's `tasks` event, last in the transaction
    const changes = new FleetChanges();
    for (const task of opened) changes.add(task.fleet_id, 'task');
    await changes.notify(tx);
    return opened.length;
  });
}

/** A maintenance task is done: the bike's next period of its schedule starts now. */
export async function restartMaintenancePeriod(tx: Queryable, taskId: string, now: Date) {
  const maintenance = await q.scheduleOfTask(tx, taskId);
  if (maintenance) await q.restartPeriod(tx, maintenance.scheduleId, maintenance.bikeId, now);
}

const audit = recordFleetAction;
