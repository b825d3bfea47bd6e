// The fleet module's SQL of traffic and chart: trips and alerts per hour or day of a period.
import { type TrafficGranularity } from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import type { Period } from '../../../lib/period';
import { groupScopeCondition } from '../../bikes/queries/group-scope';
import { SqlParams } from '../../bikes/sql';

export interface TripBucket {
  start: Date;
  trips: number;
  km: number;
  minutes: number;
  bikes: number;
}

/** `AND bike_id IN (bikes of the groups and their descendants)`, or nothing. */
function bikesOfGroups(params: SqlParams, fleetId: string, groupIds?: string[]) {
  if (!groupIds?.length) return '';
  return ` AND bike_id IN (SELECT b.id FROM bike b WHERE b.fleet_id = $1
    AND ${groupScopeCondition(params, fleetId, groupIds)})`;
}

/** The fleet's trips per UTC hour or day of the period (only the buckets with trips). */
export async function tripBuckets(
  db: Queryable,
  fleetId: string,
  period: Period,
  unit: TrafficGranularity,
  groupIds?: string[],
) {
  const params = new SqlParams();
  params.add(fleetId);
  params.add(period.from);
  params.add(period.to);
  const rows = await db.query<TripBucket>(
    `SELECT date_trunc('${unit}', started_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start,
            count(*) AS trips, coalesce(sum(distance_km), 0) AS km,
            coalesce(sum(duration_minutes), 0) AS minutes, count(DISTINCT bike_id) AS bikes
       FROM trip WHERE fleet_id = $1 AND started_at >= $2 AND started_at < $3
       ${bikesOfGroups(params, fleetId, groupIds)}
      GROUP BY 1`,
    params.values,
  );
  return new Map(rows.map((row) => [row.start.getTime(), row]));
}

export interface EventDay {
  day: Date;
  alarms: number;
  thefts: number;
}

/** Alarms and declared thefts per UTC day of the period. */
export function alertDays(db: Queryable, fleetId: string, period: Period, groupIds?: string[]) {
  const params = new SqlParams();
  params.add(fleetId);
  params.add(period.from);
  params.add(period.to);
  const ofGroups = bikesOfGroups(params, fleetId, groupIds);
  return db.query<EventDay>(
    `SELECT date_trunc('day', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day,
            count(*) FILTER (WHERE name = 'ALARM_TRIGGERED') AS alarms,
            count(*) FILTER (WHERE name = 'THEFT_DECLARED') AS thefts
       FROM event
      WHERE fleet_id = $1 AND occurred_at >= $2 AND occurred_at < $3
        AND name IN ('ALARM_TRIGGERED', 'THEFT_DECLARED')${ofGroups}
      GROUP BY 1`,
    params.values,
  );
}

export async function co2KgPerKm(db: Queryable, fleetId: string): Promise<number> {
  const [fleet] = await db.query<{ co2: number }>(
    'SELECT co2_kg_per_km AS co2 FROM fleet WHERE id = $1',
    [fleetId],
  );
  return fleet?.co2 ?? 0;
}
