// Reading bikes as the contract shapes: the SELECT lists and the row → shape mappings shared
// by the products/… and fleet/… calls (never raw rows, STYLE "thin routes, services that own rules").
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  THEFT_STATES,
  type ActivityStatus,
  type Availability,
  type Bike,
  type FleetListItem,
  type IotMode,
  type TheftState,
} from '@vfm/contract';
import { iso } from '../../lib/iso';
import { decodeWarnings, warningBitsSql } from './queries/warnings';

// The database checks most enumerations; iot_mode is written from module telemetry, so an
// unexpected value is shown as unknown rather than breaking the answer.
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;
export const toIotMode = (value: string | null): IotMode | null =>
  IOT_MODES.includes(value as IotMode) ? (value as IotMode) : null;
export const toAvailability = (value: string): Availability =>
  oneOf(AVAILABILITIES, value, 'AVAILABLE');
export const toStatus = (value: string): ActivityStatus =>
  oneOf(ACTIVITY_STATUSES, value, 'PARKED');
export const toTheftState = (value: string): TheftState => oneOf(THEFT_STATES, value, 'NONE');

/**
 * One field of a list item (over bikeFrom()): the SQL that selects it (under the row names
 * `read` takes), its value from that row, and — where the list sorts or filters by it — its
 * column (`by`).
 */
interface ListItemField<Row, Value> {
  select: string;
  read(row: Row): Value;
  by?: string;
}

/**
 * THE fields of a list item, written once: the SELECT list (listColumns()), the row type
 * (ListRow), the mapping (toListItem()) and the columns the list sorts and filters by
 * (LIST_ITEM_COLUMNS: the list's sort, FLEET_LIST_SORT_FIELDS in fleet/queries.ts, and the
 * contract's fleet filter rules in fleet/filters.ts) are all read from it. A group sorts by its
 * name (a copy kept on the bike by a trigger), a theft by its state.
 */
const LIST_ITEM_FIELDS = {
  vehicleNumber: {
    select: 'b.vehicle_number',
    by: 'b.vehicle_number',
    read: (row: { vehicle_number: string }) => row.vehicle_number,
  },
  bikeCode: {
    select: 'b.bike_code',
    by: 'b.bike_code',
    read: (row: { bike_code: string }) => row.bike_code,
  },
  moduleId: {
    select: 'b.module_id',
    by: 'b.module_id',
    read: (row: { module_id: string | null }) => row.module_id,
  },
  model: { select: 'b.model', by: 'b.model', read: (row: { model: string }) => row.model },
  group: {
    select: 'b.group_id, g.name AS group_name',
    by: 'b.group_name',
    read: (row: { group_id: string | null; group_name: string | null }) =>
      row.group_id ? { id: row.group_id, name: row.group_name ?? '' } : null,
  },
  availability: {
    select: 'b.availability',
    by: 'b.availability',
    read: (row: { availability: string }) => toAvailability(row.availability),
  },
  status: {
    select: 'b.status',
    by: 'b.status',
    read: (row: { status: string }) => toStatus(row.status),
  },
  iotMode: {
    select: 'b.iot_mode',
    by: 'b.iot_mode',
    read: (row: { iot_mode: string | null }) => toIotMode(row.iot_mode),
  },
  assistanceLocked: {
    select: 'b.assistance_locked',
    by: 'b.assistance_locked',
    read: (row: { assistance_locked: boolean }) => row.assistance_locked,
  },
  lockControlPending: {
    select: 'b.lock_control_pending',
    read: (row: { lock_control_pending: boolean }) => row.lock_control_pending,
  },
  alarmPending: {
    select: 'b.alarm_pending',
    read: (row: { alarm_pending: boolean }) => row.alarm_pending,
  },
  modePending: {
    select: 'b.mode_pending',
    read: (row: { mode_pending: boolean }) => row.mode_pending,
  },
  bikeBatteryLevel: {
    select: 'b.bike_battery_level',
    by: 'b.bike_battery_level',
    read: (row: { bike_battery_level: number | null }) => row.bike_battery_level,
  },
  iotBatteryLevel: {
    select: 'b.iot_battery_level',
    by: 'b.iot_battery_level',
    read: (row: { iot_battery_level: number | null }) => row.iot_battery_level,
  },
  lastCommunicationDate: {
    select: 'b.last_communication_date',
    by: 'b.last_communication_date',
    read: (row: { last_communication_date: Date | null }) => iso(row.last_communication_date),
  },
  lastPositionDate: {
    select: 'b.last_position_date',
    by: 'b.last_position_date',
    read: (row: { last_position_date: Date | null }) => iso(row.last_position_date),
  },
  latitude: {
    select: 'b.latitude',
    read: (row: { latitude: number | null }) => row.latitude,
  },
  longitude: {
    select: 'b.longitude',
    read: (row: { longitude: number | null }) => row.longitude,
  },
  totalKm: {
    select: 'b.total_km',
    by: 'b.total_km',
    read: (row: { total_km: number }) => row.total_km,
  },
  theft: {
    select: 'b.theft_state',
    by: 'b.theft_state',
    read: (row: { theft_state: string }) => toTheftState(row.theft_state),
  },
  warnings: {
    select: `${warningBitsSql()} AS warning_bits`,
    read: (row: { warning_bits: number }) => decodeWarnings(row.warning_bits),
  },
} satisfies { [K in keyof FleetListItem]-?: ListItemField<never, FleetListItem[K]> };

type Fields = typeof LIST_ITEM_FIELDS;
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  all: infer I,
) => void
  ? I
  : never;

/** The row of a list item as the database answers listColumns(). */
export type ListRow = Intersection<
  { [K in keyof Fields]: Parameters<Fields[K]['read']>[0] }[keyof Fields]
>;

/** Columns of a list item (over bikeFrom()). */
export function listColumns(): string {
  return Object.values(LIST_ITEM_FIELDS)
    .map((item) => item.select)
    .join(', ');
}

/** THE SQL column of each field of a list item that the fleet list sorts or filters by. */
export const LIST_ITEM_COLUMNS = Object.fromEntries(
  Object.entries(LIST_ITEM_FIELDS).flatMap(([name, item]) =>
    'by' in item ? [[name, item.by]] : [],
  ),
) as { [K in keyof Fields as Fields[K] extends { by: string } ? K : never]: string };

const READERS = Object.entries(LIST_ITEM_FIELDS).map(
  ([name, item]) => [name, item.read as (row: ListRow) => unknown] as const,
);

export function toListItem(row: ListRow): FleetListItem {
  const item: Record<string, unknown> = {};
  for (const [name, read] of READERS) item[name] = read(row);
  return item as FleetListItem;
}

export interface DetailRow extends ListRow {
  alarm_active: boolean;
  battery_plugged: boolean;
  firmware_version: string | null;
  hardware_version: string | null;
  battery_state_of_health: number | null;
  battery_charge_cycles: number | null;
  battery_number: string | null;
  last_battery_change_date: Date | null;
  autonomy_km: number | null;
  last_trip_km: number | null;
  average_distance_per_day_km: number | null;
  average_time_per_day_minutes: number | null;
  total_trip_minutes: number;
  co2_avoided_kg: number;
  speed_limit: number | null;
  theft_since: Date | null;
  theft_by: string | null;
}

export function detailColumns(): string {
  return `${listColumns()}, b.alarm_active, b.battery_plugged, b.firmware_version,
    b.hardware_version, b.battery_state_of_health, b.battery_charge_cycles, b.battery_number,
    b.last_battery_change_date, b.autonomy_km, b.last_trip_km, b.average_distance_per_day_km,
    b.average_time_per_day_minutes, b.total_trip_minutes, b.co2_avoided_kg, b.speed_limit,
    b.theft_since, b.theft_by`;
}

/** Every field of DESIGN §5 "Field names of a bike". */
export function toBike(row: DetailRow): Bike {
  const item = toListItem(row);
  return {
    vehicleNumber: item.vehicleNumber,
    bikeCode: item.bikeCode,
    moduleId: item.moduleId,
    model: item.model,
    group: item.group,
    availability: item.availability,
    status: item.status,
    iotMode: item.iotMode,
    assistanceLocked: item.assistanceLocked,
    alarmActive: row.alarm_active,
    batteryPlugged: row.battery_plugged,
    lockControlPending: item.lockControlPending,
    alarmPending: item.alarmPending,
    modePending: item.modePending,
    firmwareVersion: row.firmware_version,
    hardwareVersion: row.hardware_version,
    lastCommunicationDate: item.lastCommunicationDate,
    lastPositionDate: item.lastPositionDate,
    latitude: item.latitude,
    longitude: item.longitude,
    iotBatteryLevel: item.iotBatteryLevel,
    bikeBatteryLevel: item.bikeBatteryLevel,
    batteryStateOfHealth: row.battery_state_of_health,
    batteryChargeCycles: row.battery_charge_cycles,
    batteryNumber: row.battery_number,
    lastBatteryChangeDate: iso(row.last_battery_change_date),
    totalKm: item.totalKm,
    autonomyKm: row.autonomy_km,
    lastTripKm: row.last_trip_km,
    averageDistancePerDayKm: row.average_distance_per_day_km,
    averageTimePerDayMinutes: row.average_time_per_day_minutes,
    totalTripMinutes: row.total_trip_minutes,
    co2AvoidedKg: row.co2_avoided_kg,
    speedLimit: row.speed_limit,
    warnings: item.warnings,
    theft: { state: item.theft, since: iso(row.theft_since), by: row.theft_by },
  };
}
