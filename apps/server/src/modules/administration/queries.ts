// SQL of the administration module: the fleet's settings row and its activity log (the audited
// actions of its users in the event table, DESIGN §7).
import type { FleetSettings } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { EVENT_COLUMNS, type EventRow } from '../bikes/event-view';
import { SqlParams } from '../bikes/sql';

interface SettingsRow {
  low_vehicle_battery_percent: number;
  low_module_battery_percent: number;
  lack_of_communication_hours: number;
  co2_kg_per_km: number;
  no_parking_grace_minutes: number;
}

const SETTINGS_COLUMNS = `low_vehicle_battery_percent, low_module_battery_percent,
  lack_of_communication_hours, co2_kg_per_km, no_parking_grace_minutes`;

export const COLUMN_OF: Record<keyof FleetSettings, keyof SettingsRow> = {
  lowVehicleBatteryPercent: 'low_vehicle_battery_percent',
  lowModuleBatteryPercent: 'low_module_battery_percent',
  lackOfCommunicationHours: 'lack_of_communication_hours',
  co2KgPerKm: 'co2_kg_per_km',
  noParkingGraceMinutes: 'no_parking_grace_minutes',
};

const toSettings = (row: SettingsRow): FleetSettings => ({
  lowVehicleBatteryPercent: Number(row.low_vehicle_battery_percent),
  lowModuleBatteryPercent: Number(row.low_module_battery_percent),
  lackOfCommunicationHours: Number(row.lack_of_communication_hours),
  co2KgPerKm: Number(row.co2_kg_per_km),
  noParkingGraceMinutes: Number(row.no_parking_grace_minutes),
});

/** The fleet's settings, its row locked until the end of the transaction. */
export async function selectSettingsForUpdate(db: Queryable, fleetId: string) {
  const [row] = await db.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM fleet WHERE id = $1 FOR UPDATE`,
    [fleetId],
  );
  return row ? toSettings(row) : null;
}

export async function selectSettings(db: Queryable, fleetId: string) {
  const [row] = await db.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM fleet WHERE id = $1`, [
    fleetId,
  ]);
  return row ? toSettings(row) : null;
}

/** Writes the given settings (column names from COLUMN_OF only, values as parameters). */
export async function updateSettings(
  db: Queryable,
  fleetId: string,
  changes: Partial<FleetSettings>,
): Promise<FleetSettings> {
  const params = new SqlParams();
  const fleet = params.add(fleetId);
  const sets = (Object.keys(changes) as Array<keyof FleetSettings>).map(
    (key) => `${COLUMN_OF[key]} = ${params.add(changes[key])}`,
  );
  const [row] = await db.query<SettingsRow>(
    `UPDATE fleet SET ${sets.join(', ')} WHERE id = ${fleet} RETURNING ${SETTINGS_COLUMNS}`,
    params.values,
  );
  return toSettings(row!);
}

export interface ActivityFilter {
  names: readonly string[] | null;
  user: string | null;
  vehicleNumber: string | null;
  from: Date | null;
  to: Date | null;
}

/** WHERE of the activity: the fleet's user actions (source MANAGER), filtered. */
function activityWhere(params: SqlParams, fleetId: string, filter: ActivityFilter) {
  const where = [`e.fleet_id = ${params.add(fleetId)}`, `e.source = 'MANAGER'`];
  if (filter.names) where.push(`e.name = ANY(${params.add(filter.names)}::text[])`);
  if (filter.user) where.push(`e.user_email ILIKE ${params.add(`%${likeEscape(filter.user)}%`)}`);
  if (filter.vehicleNumber) {
    where.push(`lower(e.vehicle_number) = lower(${params.add(filter.vehicleNumber)})`);
  }
  if (filter.from) where.push(`e.occurred_at >= ${params.add(filter.from)}`);
  if (filter.to) where.push(`e.occurred_at < ${params.add(filter.to)}`);
  return where.join(' AND ');
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function selectActivity(
  db: Queryable,
  fleetId: string,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
) {
  const params = new SqlParams();
  const where = activityWhere(params, fleetId, filter);
  const countValues = [...params.values];
  const [rows, [total]] = await Promise.all([
    db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM event e WHERE ${where}
        ORDER BY e.occurred_at DESC, e.id DESC
        LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}`,
      params.values,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event e WHERE ${where}`, countValues),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
