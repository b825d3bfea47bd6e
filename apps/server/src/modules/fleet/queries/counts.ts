// The fleet module's SQL of the counts (information, statistics): one pass over the fleet's
// bikes, per-bike values computed once in a fenced subquery and folded into one key per bike.
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

/**
 * The dimensions a bike is counted in, each a small integer: an enumeration's index (its length
 * for a value it does not know, e.g. a module's unreported mode), a bucket, the warning bits.
 */
const enumIndex = (column: string, values: readonly string[]) =>
  `CASE ${values.map((value, index) => `WHEN ${column} = '${value}' THEN ${index}`).join(' ')} ELSE ${values.length} END`;

const DIMENSIONS = [
  { name: 'availability', size: AVAILABILITIES.length + 1, keys: AVAILABILITIES },
  { name: 'status', size: ACTIVITY_STATUSES.length + 1, keys: ACTIVITY_STATUSES },
  { name: 'modes', size: IOT_MODES.length + 1, keys: IOT_MODES },
  { name: 'lastCommunication', size: LAST_COMMUNICATION.length, keys: LAST_COMMUNICATION },
  { name: 'bikeBattery', size: QUARTERS.length, keys: QUARTERS },
  { name: 'iotBattery', size: QUARTERS.length, keys: QUARTERS },
  { name: 'warnings', size: 1 << WARNING_TYPES.length, keys: WARNING_TYPES },
] as const;

/** Each dimension's weight in a bike's key: the key is Σ value × weight, one integer. */
const WEIGHTS = DIMENSIONS.reduce<number[]>(
  (weights, _, i) => [...weights, i === 0 ? 1 : weights[i - 1]! * DIMENSIONS[i - 1]!.size],
  [],
);
if (WEIGHTS.at(-1)! * DIMENSIONS.at(-1)!.size > 2 ** 31) throw new Error('count key over int4');

/**
 * One pass over the fleet's bikes: each bike's dimensions folded into one integer key (computed
 * once, in a fenced subquery), the bikes counted and summed per key — a few thousand groups that
 * countsOfKeys() spreads over the counters. One hashed integer per bike costs less than a
 * FILTERed count per counter (32 conditions per bike; ADR 0122).
 */
const countsSql = (where: string) => `SELECT x.k, count(*)::int AS n,
  coalesce(sum(x.total_km), 0) AS km, coalesce(sum(x.co2_avoided_kg), 0) AS co2,
  coalesce(sum(x.trip_count), 0)::float8 AS trips
FROM (
  SELECT b.total_km, b.co2_avoided_kg, b.trip_count,
    ${[
      enumIndex('b.availability', AVAILABILITIES),
      enumIndex('b.status', ACTIVITY_STATUSES),
      enumIndex('b.iot_mode', IOT_MODES),
      `CASE WHEN b.last_communication_date IS NULL THEN 3
            WHEN b.last_communication_date > $3 THEN 0
            WHEN b.last_communication_date > $4 THEN 1 ELSE 2 END`,
      quarter('b.bike_battery_level'),
      quarter('b.iot_battery_level'),
      warningBitsSql(),
    ]
      .map((value, i) => `(${value}) * ${WEIGHTS[i]}`)
      .join('\n    + ')} AS k
    FROM ${bikeFrom('$1', '$2')}
   WHERE b.fleet_id = $1${where}
  OFFSET 0) x
GROUP BY x.k`;

export type CountRow = Record<string, number>;

interface KeyRow {
  k: number;
  n: number;
  km: number;
  co2: number;
  trips: number;
}

/** The counters (`dimension:value`, total, km, co2, trips) of the keys' counts. */
function countsOfKeys(rows: KeyRow[]): CountRow {
  const counts: CountRow = { total: 0, km: 0, co2: 0, trips: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    counts.total! += n;
    counts.km! += Number(row.km);
    counts.co2! += Number(row.co2);
    counts.trips! += Number(row.trips);
    DIMENSIONS.forEach((dimension, i) => {
      const value = Math.floor(Number(row.k) / WEIGHTS[i]!) % dimension.size;
      const keys: readonly string[] =
        dimension.name === 'warnings'
          ? dimension.keys.filter((_, bit) => (value & (1 << bit)) !== 0)
          : dimension.keys.slice(value, value + 1);
      for (const key of keys) {
        const name = `${dimension.name}:${key}`;
        counts[name] = (counts[name] ?? 0) + n;
      }
    });
  }
  return counts;
}

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
  return countsOfKeys(await db.query<KeyRow>(countsSql(where), params.values));
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
