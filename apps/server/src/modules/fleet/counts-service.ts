// GET fleet/information and fleet/statistics (DESIGN §5, SPEC §4): every counter of the fleet
// in one pass over its bikes. Per-bike values (bucket, quarter, warning bits) are computed once
// in a fenced subquery, then counted. A large fleet's counts are shared by concurrent calls and
// reused for 2 s per fleet and group (count-cache.ts, ADR 0122): the statistics of 100,000 bikes
// cost ≈ 100 ms of database time, which four open statistics screens must not pay each.
import type { StatisticsQuery } from '@vfm/contract';
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
import type { RequestScope } from '../../plugins/request-scope';
import { LARGE_COUNT, cachedFigure } from './count-cache';
import { LAST_COMMUNICATION, QUARTERS, fleetCounts, fleetRow } from './queries';

type CountRow = Record<string, number>;

/** The counts of the fleet (or of groups), shared while large (count-cache.ts). */
function counts(scope: RequestScope, groupIds: string[] = []): Promise<CountRow> {
  const key = `counts ${scope.fleetId} ${[...groupIds].sort().join(',')}`;
  return cachedFigure(
    scope.database,
    key,
    () => fleetCounts(scope.database, scope.fleetId, scope.now, groupIds),
    (row) => Number(row.total ?? 0) >= LARGE_COUNT,
  );
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
  const row = await counts(scope, query.groupId);
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

export async function getInformation(scope: RequestScope): Promise<FleetInformation> {
  const [fleet, row] = await Promise.all([fleetRow(scope.database, scope.fleetId), counts(scope)]);
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
      noParkingGraceMinutes: fleet.no_parking_grace_minutes,
    },
  };
}
