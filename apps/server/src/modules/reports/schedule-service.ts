// Report schedules (ADR 0127, docs/reports.md): list, create, change, remove, and "send now"
// (the last period that has ended, to every recipient at once). Managers and administrators
// of the fleet; each change audited. Deliveries are made by schedule-jobs.ts.
import { isTimeZone, type ReportSchedule, type ReportScheduleInput } from '@vfm/contract';
import { badRequest, notFound } from '../../lib/problem';
import type { Queryable } from '../../db/client';
import type { RequestScope } from '../../plugins/request-scope';
import { recordFleetAction } from '../events/fleet-actions';
import { groupName, zoneName } from './queries/report';
import {
  deleteSchedule,
  insertSchedule,
  selectSchedules,
  updateSchedule,
  type ScheduleRow,
  type ScheduleValues,
} from './queries/schedules';
import { isoDay } from './rollup';
import { lastEnded, periodStart } from './schedule-periods';
import { makeDeliveries } from './schedule-jobs';

const toSchedule = (row: ScheduleRow): ReportSchedule => ({
  id: row.id,
  name: row.name,
  frequency: row.frequency,
  format: row.format,
  groupId: row.group_id,
  zoneId: row.zone_id,
  recipients: row.recipients,
  timeZone: row.time_zone,
  hour: row.hour,
  nextFrom: row.next_from,
  lastDelivery:
    row.last_status && row.last_at
      ? {
          status: row.last_status,
          periodFrom: row.last_from!,
          periodTo: row.last_to!,
          at: row.last_at.toISOString(),
        }
      : null,
});

async function checkInput(db: Queryable, fleetId: string, input: ReportScheduleInput) {
  const timeZone = input.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone))
    throw badRequest('Unknown time zone.', [{ field: 'timeZone', message: 'an IANA time zone' }]);
  if (input.groupId && input.zoneId)
    throw badRequest('A schedule is of the fleet, a group or a zone: one at most.', [
      { field: 'groupId', message: 'only one of groupId, zoneId' },
    ]);
  if (input.groupId && (await groupName(db, fleetId, input.groupId)) === null)
    throw badRequest('No such group in your fleet.', [{ field: 'groupId', message: 'unknown' }]);
  if (input.zoneId && (await zoneName(db, fleetId, input.zoneId)) === null)
    throw badRequest('No such zone in your fleet.', [{ field: 'zoneId', message: 'unknown' }]);
  const recipients = [
    ...new Map(input.recipients.map((r) => [r.toLowerCase(), r.trim()])).values(),
  ];
  return {
    name: input.name.trim(),
    frequency: input.frequency,
    format: input.format,
    groupId: input.groupId ?? null,
    zoneId: input.zoneId ?? null,
    recipients,
    timeZone,
    hour: input.hour ?? 7,
  } satisfies ScheduleValues;
}

const audit = (scope: RequestScope, name: string, data: Record<string, unknown>) =>
  recordFleetAction(scope.database, scope, name, data);

async function one(scope: RequestScope, id: string) {
  const [row] = await selectSchedules(scope.database, scope.fleetId, id);
  if (!row) throw notFound('No such report schedule in your fleet.');
  return row;
}

export async function listSchedules(scope: RequestScope) {
  return { content: (await selectSchedules(scope.database, scope.fleetId)).map(toSchedule) };
}

export async function createSchedule(scope: RequestScope, input: ReportScheduleInput) {
  const values = await checkInput(scope.database, scope.fleetId, input);
  const nextFrom = periodStart(values.frequency, isoDay(scope.now.getTime()));
  const id = await insertSchedule(
    scope.database,
    scope.fleetId,
    values,
    nextFrom,
    scope.principal.email,
  );
  await audit(scope, 'REPORT_SCHEDULE_CREATED', {
    id,
    name: values.name,
    frequency: values.frequency,
    recipients: values.recipients,
  });
  return toSchedule(await one(scope, id));
}

export async function changeSchedule(scope: RequestScope, id: string, input: ReportScheduleInput) {
  const before = await one(scope, id);
  const values = await checkInput(scope.database, scope.fleetId, input);
  const nextFrom = periodStart(values.frequency, isoDay(scope.now.getTime()));
  await updateSchedule(scope.database, scope.fleetId, id, values, nextFrom);
  await audit(scope, 'REPORT_SCHEDULE_CHANGED', { id, before: toSchedule(before), after: values });
  return toSchedule(await one(scope, id));
}

export async function removeSchedule(scope: RequestScope, id: string) {
  const name = await deleteSchedule(scope.database, scope.fleetId, id);
  if (name === null) throw notFound('No such report schedule in your fleet.');
  await audit(scope, 'REPORT_SCHEDULE_DELETED', { id, name });
}

/** The last period that has ended, to every recipient now: one delivery (and job) each. */
export async function sendNow(scope: RequestScope, id: string) {
  const row = await one(scope, id);
  const period = lastEnded(row.frequency, isoDay(scope.now.getTime()));
  const deliveries = await scope.database.transaction((tx) =>
    makeDeliveries(tx, scope.ctx.jobs, row, period, `now:${scope.now.toISOString()}`, scope.now),
  );
  await audit(scope, 'REPORT_SCHEDULE_SENT', { id, periodFrom: period.from, periodTo: period.to });
  return { periodFrom: period.from, periodTo: period.to, deliveries };
}
