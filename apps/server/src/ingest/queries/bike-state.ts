// Loading and saving the BikeState of derive.ts: one SELECT … FOR NO KEY UPDATE and one UPDATE per
// batch, whatever the number of bikes (json_to_recordset carries the rows in one parameter).
import type { Queryable, TxQuery } from '../../db/client';
import type { BikeState, FleetSettings } from '../derive';
import type { ZoneCommands } from '../../modules/bikes/bike-state';
import type { BatchBike } from '../../modules/manifest/ingest-steps';

type Column = readonly [field: keyof BikeState, column: string, type: string];

/** Columns the ingest may change, with their SQL types (first three are identity, read-only). */
const COLUMNS: readonly Column[] = [
  ['id', 'id', 'bigint'],
  ['fleetId', 'fleet_id', 'uuid'],
  ['vehicleNumber', 'vehicle_number', 'text'],
  ['availability', 'availability', 'text'],
  ['status', 'status', 'text'],
  ['iotMode', 'iot_mode', 'text'],
  ['assistanceLocked', 'assistance_locked', 'boolean'],
  ['alarmActive', 'alarm_active', 'boolean'],
  ['batteryPlugged', 'battery_plugged', 'boolean'],
  ['firmwareVersion', 'firmware_version', 'text'],
  ['hardwareVersion', 'hardware_version', 'text'],
  ['lastCommunicationDate', 'last_communication_date', 'timestamptz'],
  ['lastPositionDate', 'last_position_date', 'timestamptz'],
  ['latitude', 'latitude', 'double precision'],
  ['longitude', 'longitude', 'double precision'],
  ['iotBatteryLevel', 'iot_battery_level', 'smallint'],
  ['bikeBatteryLevel', 'bike_battery_level', 'smallint'],
  ['batteryStateOfHealth', 'battery_state_of_health', 'smallint'],
  ['batteryChargeCycles', 'battery_charge_cycles', 'integer'],
  ['batteryNumber', 'battery_number', 'text'],
  ['lastBatteryChangeDate', 'last_battery_change_date', 'timestamptz'],
  ['odometerKm', 'odometer_km', 'double precision'],
  ['totalKm', 'total_km', 'double precision'],
  ['autonomyKm', 'autonomy_km', 'double precision'],
  ['lastTripKm', 'last_trip_km', 'double precision'],
  ['co2AvoidedKg', 'co2_avoided_kg', 'double precision'],
  ['theftState', 'theft_state', 'text'],
  ['theftSince', 'theft_since', 'timestamptz'],
  ['theftBy', 'theft_by', 'text'],
  ['theftPreviousAvailability', 'theft_previous_availability', 'text'],
  ['theftPreviousMode', 'theft_previous_mode', 'text'],
  ['suspectedTheftSince', 'suspected_theft_since', 'timestamptz'],
  ['lowVehicleBatterySince', 'low_vehicle_battery_since', 'timestamptz'],
  ['lowModuleBatterySince', 'low_module_battery_since', 'timestamptz'],
  ['stateSeq', 'state_seq', 'bigint'],
  ['stateTs', 'state_ts', 'timestamptz'],
  ['tripStartedAt', 'trip_started_at', 'timestamptz'],
  ['tripStartOdometerKm', 'trip_start_odometer_km', 'double precision'],
  ['tripStartLatitude', 'trip_start_latitude', 'double precision'],
  ['tripStartLongitude', 'trip_start_longitude', 'double precision'],
  ['tripDistanceKm', 'trip_distance_km', 'double precision'],
];
const WRITABLE = COLUMNS.slice(3);

/** A bike of the batch as loaded: what the modules' steps see, and its fleet's settings. */
export interface LoadedBike extends BatchBike {
  settings: FleetSettings;
}

const SELECT_SQL = `SELECT b.module_id, ${COLUMNS.map(([, c]) => `b.${c}`).join(', ')},
       f.low_vehicle_battery_percent, f.low_module_battery_percent,
       f.lack_of_communication_hours, f.co2_kg_per_km,
       b.outside_service_area_since, b.no_ride_zone_since, b.no_parking_since, b.zone_commands,
       b.zone_ids
  FROM bike b JOIN fleet f ON f.id = b.fleet_id
 WHERE b.module_id = ANY($1::text[])
 ORDER BY b.id
   FOR NO KEY UPDATE OF b`;

/**
 * The bikes of these modules, locked for the batch (in id order: no deadlock between workers).
 * FOR NO KEY UPDATE, the lock of the batch's own UPDATE (it never changes a key: id, fleet,
 * vehicle number and module are read-only here): it excludes the other writers of these bikes
 * but leaves the KEY SHARE of a foreign-key check free, so the rows other transactions write
 * referencing these bikes (automatic tasks, alerts, notifications — in no particular order)
 * neither wait for the whole batch nor deadlock with it (docs/performance.md: the ingest at
 * 0.25–0.56 × with automatic tasks on PostgreSQL; docs/performance.md: 35–68 deadlocks a bench run;
 * ADR 0105, 0106).
 */
export async function loadBikesForUpdate(
  tx: Pick<TxQuery, 'query'>,
  moduleIds: string[],
): Promise<Map<string, LoadedBike>> {
  const rows = await tx.query<Record<string, unknown>>(SELECT_SQL, [moduleIds]);
  const byModule = new Map<string, LoadedBike>();
  for (const row of rows) {
    const state = {} as Record<string, unknown>;
    for (const [field, column] of COLUMNS) state[field] = row[column];
    byModule.set(row.module_id as string, {
      moduleId: row.module_id as string,
      state: state as unknown as BikeState,
      settings: {
        lowVehicleBatteryPercent: row.low_vehicle_battery_percent as number,
        lowModuleBatteryPercent: row.low_module_battery_percent as number,
        lackOfCommunicationHours: row.lack_of_communication_hours as number,
        co2KgPerKm: row.co2_kg_per_km as number,
      },
      zoneMarks: {
        outsideServiceAreaSince: row.outside_service_area_since as Date | null,
        noRideZoneSince: row.no_ride_zone_since as Date | null,
        noParkingSince: row.no_parking_since as Date | null,
        zoneCommands: row.zone_commands as ZoneCommands | null,
        zoneIds: row.zone_ids as string[] | null,
      },
    });
  }
  return byModule;
}

const UPDATE_SQL = `UPDATE bike b SET ${WRITABLE.map(([, c]) => `${c} = v.${c}`).join(', ')},
       updated_at = now()
  FROM json_to_recordset($1::json) AS v(id bigint, ${WRITABLE.map(([, c, t]) => `${c} ${t}`).join(', ')})
 WHERE b.id = v.id`;

/** Writes the derived states back, all bikes in one statement. */
export async function saveBikeStates(tx: Pick<TxQuery, 'query'>, states: BikeState[]) {
  if (!states.length) return;
  const rows = states.map((state) => {
    const row: Record<string, unknown> = { id: state.id };
    for (const [field, column] of WRITABLE) {
      const value = state[field];
      row[column] = value instanceof Date ? value.toISOString() : value;
    }
    return row;
  });
  await tx.query(UPDATE_SQL, [JSON.stringify(rows)]);
}

/** The bikes of these modules (the messages a module owns: ingest/module-hooks.ts). */
export function bikesOfModules(
  db: Queryable,
  moduleIds: string[],
): Promise<Array<{ id: number; fleet_id: string; vehicle_number: string; module_id: string }>> {
  return db.query(
    `SELECT id, fleet_id, vehicle_number, module_id FROM bike WHERE module_id = ANY($1::text[])`,
    [moduleIds],
  );
}
