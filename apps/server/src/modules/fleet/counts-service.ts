// GET fleet/information and fleet/statistics (DESIGN §5, SPEC §4): every counter of the fleet
// in one pass over its bikes. Per-bike values (bucket, quarter, warning bits) are computed once
// in a fenced subquery, then counted.
import type { StatisticsQuery } from '@vfm/contract';
import { groupScopeCondition } from '../bikes/group-scope';
import { SqlParams } from '../bikes/sql';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  WARNING_TYPES,
  type BatteryQuarters,
  type FleetInformation,
  type FleetStatistics,
  type MODE_COUNT_KEYS,
} from '@vfm/contract';
import { notFound } from '../../lib/problem';
import { bikeFrom } from '../bikes/bike-view';
import type { RequestScope } from '../../lib/request-scope';
import { warningBitsSql } from '../bikes/warnings-sql';

const DAY_MS = 86_400_000;
const QUARTERS = ['from0To25', 'from26To50', 'from51To75', 'from76To100', 'unknown'] as const;
const LAST_COMMUNICATION = ['upTo7Days', 'from8To14Days', 'from15Days', 'never'] as const;

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

type CountRow = Record<string, number>;

/** The counts of the fleet, or of the groups given and their descendants. */
async function countFleet(scope: RequestScope, groupIds?: string[]): Promise<CountRow> {
  const now = scope.now.getTime();
  const params = new SqlParams();
  params.add(scope.fleetId);
  params.add(scope.now);
  // SPEC §4 buckets in whole days since the last data: ≤ 7 means less than 8 days old
  params.add(new Date(now - 8 * DAY_MS));
  params.add(new Date(now - 15 * DAY_MS));
  const where = groupIds?.length
    ? ` AND ${groupScopeCondition(params, scope.fleetId, groupIds)}`
    : '';
  const [row] = await scope.database.query<CountRow>(countsSql(where), params.values);
  return row ?? {};
}

function pick<const K extends string>(row: CountRow, alias: string, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, Number(row[`${alias}:${key}`] ?? 0)])) as {
    [P in K]: number;
  };
}

function modes(row: CountRow): FleetStatistics['modes'] {
  const known = pick(row, 'modes', IOT_MODES);
  const unknown = Number(row.total ?? 0) - Object.values(known).reduce((a, b) => a + b, 0);
  return { ...known, UNKNOWN: unknown } satisfies Record<(typeof MODE_COUNT_KEYS)[number], number>;
}

export async function getStatistics(
  scope: RequestScope,
  query: StatisticsQuery = {},
): Promise<FleetStatistics> {
  const row = await countFleet(scope, query.groupId);
  return {
    totalBikes: Number(row.total ?? 0),
    lastCommunication: pick(row, 'lastCommunication', LAST_COMMUNICATION),
    bikeBattery: pick(row, 'bikeBattery', QUARTERS) satisfies BatteryQuarters,
    iotBattery: pick(row, 'iotBattery', QUARTERS),
    availability: pick(row, 'availability', AVAILABILITIES),
    status: pick(row, 'status', ACTIVITY_STATUSES),
    modes: modes(row),
    warnings: pick(row, 'warnings', WARNING_TYPES),
    totals: {
      km: Number(row.km ?? 0),
      co2AvoidedKg: Number(row.co2 ?? 0),
      trips: Number(row.trips ?? 0),
    },
  };
}

interface FleetRow {
  id: string;
  name: string;
  low_vehicle_battery_percent: number;
  low_module_battery_percent: number;
  lack_of_communication_hours: number;
  co2_kg_per_km: number;
}

export async function getInformation(scope: RequestScope): Promise<FleetInformation> {
  const [[fleet], row] = await Promise.all([
    scope.database.query<FleetRow>(
      `SELECT id, name, low_vehicle_battery_percent, low_module_battery_percent,
              lack_of_communication_hours, co2_kg_per_km FROM fleet WHERE id = $1`,
      [scope.fleetId],
    ),
    countFleet(scope),
  ]);
  if (!fleet) throw notFound('Your fleet no longer exists.', undefined, 'FLEET_NOT_FOUND');
  return {
    id: fleet.id,
    name: fleet.name,
    totalBikes: Number(row.total ?? 0),
    availability: pick(row, 'availability', AVAILABILITIES),
    status: pick(row, 'status', ACTIVITY_STATUSES),
    modes: modes(row),
    warnings: pick(row, 'warnings', WARNING_TYPES),
    settings: {
      lowVehicleBatteryPercent: fleet.low_vehicle_battery_percent,
      lowModuleBatteryPercent: fleet.low_module_battery_percent,
      lackOfCommunicationHours: fleet.lack_of_communication_hours,
      co2KgPerKm: fleet.co2_kg_per_km,
    },
  };
}
