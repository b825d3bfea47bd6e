// The fleet module's SQL of the counts (information, statistics): one pass over the fleet's
// bikes, per-bike values computed once in a fenced subquery.
import { ACTIVITY_STATUSES, AVAILABILITIES, IOT_MODES, WARNING_TYPES } from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { bikeFrom } from '../../bikes/queries/bike-from';
import { groupScopeCondition } from '../../bikes/queries/group-scope';
import { SqlParams } from '../../bikes/sql';
import { warningBitsSql } from '../../bikes/queries/warnings';

const DAY_MS = 86_400_000;
export const QUARTERS = [
  'from0To25',
  'from26To50',
  'from51To75',
  'from76To100',
  'unknown',
] as const;
export const LAST_COMMUNICATION = ['upTo7Days', 'from8To14Days', 'from15Days', 'never'] as const;

// SPEC §4 quarters 0-25, 26-50, 51-75, 76-100 (levels are integers); index 4 = never reported
const quarter = (column: string) => `CASE WHEN ${column} IS NULL THEN 4 WHEN ${column} <= 25 THEN 0
  WHEN ${column} <= 50 THEN 1 WHEN ${column} <= 75 THEN 2 ELSE 3 END`;

const countsOf = (alias: string, column: string, values: readonly string[]) =>
  values.map((value) => `count(*) FILTER (WHERE x.${column} = '${value}') AS "${alias}:${value}"`);
const countsByIndex = (alias: string, column: string, keys: readonly string[]) =>
  keys.map((key, index) => `count(*) FILTER (WHERE x.${column} = ${index}) AS "${alias}:${key}"`);

const countsSql = (where: string) => `SELECT count(*) AS total,
  ${[
    ...countsOf('availability', 'availability', AVAILABILITIES),
    ...countsOf('status', 'status', ACTIVITY_STATUSES),
    ...countsOf('modes', 'iot_mode', IOT_MODES),
    ...countsByIndex('lastCommunication', 'lc', LAST_COMMUNICATION),
    ...countsByIndex('bikeBattery', 'bq', QUARTERS),
    ...countsByIndex('iotBattery', 'iq', QUARTERS),
    ...WARNING_TYPES.map(
      (type, bit) => `count(*) FILTER (WHERE x.w & ${1 << bit} <> 0) AS "warnings:${type}"`,
    ),
  ].join(',\n  ')},
  coalesce(sum(x.total_km), 0) AS km, coalesce(sum(x.co2_avoided_kg), 0) AS co2,
  coalesce(sum(x.trip_count), 0) AS trips
FROM (
  SELECT b.availability, b.status, b.iot_mode, b.total_km, b.co2_avoided_kg, b.trip_count,
         CASE WHEN b.last_communication_date IS NULL THEN 3
              WHEN b.last_communication_date > $3 THEN 0
              WHEN b.last_communication_date > $4 THEN 1 ELSE 2 END AS lc,
         ${quarter('b.bike_battery_level')} AS bq,
         ${quarter('b.iot_battery_level')} AS iq,
         ${warningBitsSql()} AS w
    FROM ${bikeFrom('$1', '$2')}
   WHERE b.fleet_id = $1${where}
  OFFSET 0) x`;

export type CountRow = Record<string, number>;

/** The counts of the fleet, or of the groups given and their descendants. */
export async function fleetCounts(
  db: Queryable,
  fleetId: string,
  at: Date,
  groupIds?: string[],
): Promise<CountRow> {
  const now = at.getTime();
  const params = new SqlParams();
  params.add(fleetId);
  params.add(at);
  // SPEC §4 buckets in whole days since the last data: ≤ 7 means less than 8 days old
  params.add(new Date(now - 8 * DAY_MS));
  params.add(new Date(now - 15 * DAY_MS));
  const where = groupIds?.length ? ` AND ${groupScopeCondition(params, fleetId, groupIds)}` : '';
  const [row] = await db.query<CountRow>(countsSql(where), params.values);
  return row ?? {};
}

export interface FleetRow {
  id: string;
  name: string;
  low_vehicle_battery_percent: number;
  low_module_battery_percent: number;
  lack_of_communication_hours: number;
  co2_kg_per_km: number;
  no_parking_grace_minutes: number;
}

export async function fleetRow(db: Queryable, fleetId: string): Promise<FleetRow | undefined> {
  const [row] = await db.query<FleetRow>(
    `SELECT id, name, low_vehicle_battery_percent, low_module_battery_percent,
            lack_of_communication_hours, co2_kg_per_km, no_parking_grace_minutes
       FROM fleet WHERE id = $1`,
    [fleetId],
  );
  return row;
}
