// The administration's fleet calls (docs/architecture.md, admin only): the fleet
// settings (DESIGN §7: warning thresholds and the CO2 factor) — each change an audited event —
// and the fleet's activity log with its CSV.
import {
  ACTIVITY_KINDS,
  FLEET_SETTINGS_CHANGED,
  type ActivityPage,
  type ActivityQuery,
  type FleetSettings,
  type FleetSettingsUpdate,
} from '@vfm/contract';
import { badRequest, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { toEvent } from '../bikes/event-view';
import { recordFleetAction } from '../events/fleet-actions';
import { spreadsheetCsvLine } from '@vfm/contract/csv';
import {
  selectActivity,
  selectSettings,
  selectSettingsForUpdate,
  updateSettings,
  type ActivityFilter,
} from './queries';

export async function getFleetSettings(scope: RequestScope): Promise<FleetSettings> {
  const settings = await selectSettings(scope.database, scope.fleetId);
  if (!settings) throw notFound('This fleet does not exist.');
  return settings;
}

/** Changes the given settings; an event records who changed what from what (DESIGN §7). */
export async function saveFleetSettings(
  scope: RequestScope,
  input: FleetSettingsUpdate,
): Promise<FleetSettings> {
  return scope.database.transaction(async (tx) => {
    const current = await selectSettingsForUpdate(tx, scope.fleetId);
    if (!current) throw notFound('This fleet does not exist.');
    const changed = (Object.keys(input) as Array<keyof FleetSettings>).filter(
      (key) => input[key] !== undefined && input[key] !== current[key],
    );
    if (!changed.length) return current;
    const changes = Object.fromEntries(changed.map((key) => [key, input[key]]));
    const saved = await updateSettings(tx, scope.fleetId, changes);
    await recordFleetAction(tx, scope, FLEET_SETTINGS_CHANGED, {
      from: Object.fromEntries(changed.map((key) => [key, current[key]])),
      to: changes,
    });
    // the warnings read the new thresholds at once; the alerts follow them within the second
    if (changed.some((key) => WARNING_THRESHOLDS.includes(key)))
      await scope.ctx.jobs.send(tx, 'alerts.sweep', {});
    return saved;
  });
}

const WARNING_THRESHOLDS: ReadonlyArray<keyof FleetSettings> = [
  'lowVehicleBatteryPercent',
  'lowModuleBatteryPercent',
  'lackOfCommunicationHours',
  'noParkingGraceMinutes',
];

function activityFilter(query: Omit<ActivityQuery, 'page' | 'size'>): ActivityFilter {
  const from = query.from ? new Date(query.from) : null;
  const to = query.to ? new Date(query.to) : null;
  if (from && to && from.getTime() >= to.getTime()) {
    throw badRequest('from must be before to.', [{ field: 'from', message: 'must be before to' }]);
  }
  return {
    names: query.kind?.length ? query.kind.flatMap((kind) => ACTIVITY_KINDS[kind]) : null,
    user: query.user?.trim() || null,
    vehicleNumber: query.vehicleNumber?.trim() || null,
    from,
    to,
  };
}

export async function getActivity(
  scope: RequestScope,
  query: ActivityQuery,
): Promise<ActivityPage> {
  const { page = 0, size = 50 } = query;
  const { rows, total } = await selectActivity(
    scope.database,
    scope.fleetId,
    activityFilter(query),
    {
      offset: page * size,
      limit: size,
    },
  );
  return { content: rows.map(toEvent), totalElements: total, page, size };
}

/** the longest CSV of the activity, in rows (a year of a busy fleet) */
export const ACTIVITY_CSV_MAX_ROWS = 100_000;
const CSV_HEADER = ['occurredAt', 'userEmail', 'name', 'type', 'vehicleNumber', 'data'];

export async function activityCsv(
  scope: RequestScope,
  query: Omit<ActivityQuery, 'page' | 'size'>,
): Promise<string> {
  const { rows } = await selectActivity(scope.database, scope.fleetId, activityFilter(query), {
    offset: 0,
    limit: ACTIVITY_CSV_MAX_ROWS,
  });
  const lines = rows
    .map(toEvent)
    .map((event) =>
      spreadsheetCsvLine([
        event.occurredAt,
        event.userEmail,
        event.name,
        event.type,
        event.vehicleNumber,
        event.data ? JSON.stringify(event.data) : '',
      ]),
    );
  return `\uFEFF${spreadsheetCsvLine(CSV_HEADER)}${lines.join('')}`;
}
