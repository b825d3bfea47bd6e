// Reading bikes as the contract shapes: the SELECT lists and the row → shape mappings shared
// by the products and fleet calls (never raw rows, STYLE "thin routes, services that own rules").
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  THEFT_STATES,
  type ActivityStatus,
  type Availability,
  type Bike,
  type FleetListItem,
  type FleetListSortField,
  type IotMode,
  type TheftState,
} from '@vfm/contract';
import { iso } from './sql';
import { decodeWarnings, warningBitsSql } from './queries/warnings';

// the FROM clause of every bike read is queries/bike-from.ts; re-exported for the products
// module's queries until they import it from there
export { bikeFrom } from './queries/bike-from';

export interface ListRow {
  vehicle_number: string;
  bike_code: string;
  module_id: string | null;
  model: string;
  group_id: string | null;
  group_name: string | null;
  availability: string;
  status: string;
  iot_mode: string | null;
  assistance_locked: boolean;
  lock_control_pending: boolean;
  alarm_pending: boolean;
  mode_pending: boolean;
  bike_battery_level: number | null;
  iot_battery_level: number | null;
  last_communication_date: Date | null;
  last_position_date: Date | null;
  latitude: number | null;
  longitude: number | null;
  total_km: number;
  theft_state: string;
  warning_bits: number;
}

/**
 * THE SQL column of each field of a list item (over bikeFrom()) that the fleet list sorts or
 * filters by: the list's sort (FLEET_LIST_SORT_FIELDS, fleet/queries.ts) and the contract's
 * fleet filter rules (fleet/filters.ts) read it here. A group sorts by its name (a copy kept on
 * the bike by a trigger), a theft by its state.
 */
export const LIST_ITEM_COLUMNS = {
  vehicleNumber: 'b.vehicle_number',
  bikeCode: 'b.bike_code',
  moduleId: 'b.module_id',
  model: 'b.model',
  group: 'b.group_name',
  availability: 'b.availability',
  status: 'b.status',
  iotMode: 'b.iot_mode',
  assistanceLocked: 'b.assistance_locked',
  bikeBatteryLevel: 'b.bike_battery_level',
  iotBatteryLevel: 'b.iot_battery_level',
  lastCommunicationDate: 'b.last_communication_date',
  lastPositionDate: 'b.last_position_date',
  totalKm: 'b.total_km',
  theft: 'b.theft_state',
} as const satisfies Partial<Record<keyof FleetListItem, string>> &
  Record<FleetListSortField, string>;

/** Columns of a list item (over bikeFrom()). */
export function listColumns(): string {
  return `b.vehicle_number, b.bike_code, b.module_id, b.model, b.group_id, g.name AS group_name,
    b.availability, b.status, b.iot_mode, b.assistance_locked, b.lock_control_pending,
    b.alarm_pending, b.mode_pending, b.bike_battery_level, b.iot_battery_level,
    b.last_communication_date, b.last_position_date, b.latitude, b.longitude, b.total_km,
    b.theft_state, ${warningBitsSql()} AS warning_bits`;
}

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

export function toListItem(row: ListRow): FleetListItem {
  return {
    vehicleNumber: row.vehicle_number,
    bikeCode: row.bike_code,
    moduleId: row.module_id,
    model: row.model,
    group: row.group_id ? { id: row.group_id, name: row.group_name ?? '' } : null,
    availability: toAvailability(row.availability),
    status: toStatus(row.status),
    iotMode: toIotMode(row.iot_mode),
    assistanceLocked: row.assistance_locked,
    lockControlPending: row.lock_control_pending,
    alarmPending: row.alarm_pending,
    modePending: row.mode_pending,
    bikeBatteryLevel: row.bike_battery_level,
    iotBatteryLevel: row.iot_battery_level,
    lastCommunicationDate: iso(row.last_communication_date),
    lastPositionDate: iso(row.last_position_date),
    latitude: row.latitude,
    longitude: row.longitude,
    totalKm: row.total_km,
    theft: toTheftState(row.theft_state),
    warnings: decodeWarnings(row.warning_bits),
  };
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
