// Task statistics (docs/tasks.md): tasks opened and closed per day, the median time to close by
// kind and per technician (who closed them), for a period of at most a year of UTC days; and
// the same as CSV (one section per table). Managers and administrators.
import type { TaskStatistics, TaskStatisticsQuery } from '@vfm/contract';
import { TASK_STATS_MAX_DAYS } from '@vfm/contract';
import { spreadsheetCsvLine } from '@vfm/contract/csv';
import { badRequest } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { closedByKind, closedByTechnician, tasksPerDay } from './queries';

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const minutes = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function periodOf(scope: RequestScope, query: TaskStatisticsQuery) {
  const to = query.to ?? isoDay(scope.now);
  const from = query.from ?? isoDay(new Date(Date.parse(to) - 29 * DAY));
  const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  if (!(days >= 1))
    throw badRequest('The period ends before it starts.', [
      { field: 'to', message: 'before from' },
    ]);
  if (days > TASK_STATS_MAX_DAYS)
    throw badRequest(`At most ${TASK_STATS_MAX_DAYS} days at once.`, [
      { field: 'from', message: `at most ${TASK_STATS_MAX_DAYS} days before to` },
    ]);
  return { from, to };
}

export async function getTaskStatistics(
  scope: RequestScope,
  query: TaskStatisticsQuery,
): Promise<TaskStatistics> {
  const { from, to } = periodOf(scope, query);
  const { database: db, fleetId } = scope;
  const [perDay, byKind, byTechnician] = await Promise.all([
    tasksPerDay(db, fleetId, from, to),
    closedByKind(db, fleetId, from, to),
    closedByTechnician(db, fleetId, from, to),
  ]);
  return {
    from,
    to,
    perDay,
    byKind: byKind.map((row) => ({
      kind: row.kind,
      done: row.done,
      medianMinutesToClose: minutes(row.median),
    })),
    byTechnician: byTechnician.map((row) => ({
      user: { id: row.id, email: row.email, name: row.name },
      done: row.done,
      medianMinutesToClose: minutes(row.median),
    })),
  };
}

/** The statistics as CSV: three sections (per day, by kind, by technician), one header each. */
export async function taskStatisticsCsv(scope: RequestScope, query: TaskStatisticsQuery) {
  const stats = await getTaskStatistics(scope, query);
  const lines = [
    spreadsheetCsvLine(['day', 'opened', 'closed']),
    ...stats.perDay.map((d) => spreadsheetCsvLine([d.day, d.opened, d.closed])),
    spreadsheetCsvLine([]),
    spreadsheetCsvLine(['kind', 'done', 'medianMinutesToClose']),
    ...stats.byKind.map((k) => spreadsheetCsvLine([k.kind, k.done, k.medianMinutesToClose])),
    spreadsheetCsvLine([]),
    spreadsheetCsvLine(['technician', 'email', 'done', 'medianMinutesToClose']),
    ...stats.byTechnician.map((u) =>
      spreadsheetCsvLine([u.user.name ?? '', u.user.email, u.done, u.medianMinutesToClose]),
    ),
  ];
  return { csv: `\uFEFF${lines.join('')}`, from: stats.from, to: stats.to };
}
