// GET fleet/statistics/traffic and fleet/chart (DESIGN §5): activity over a period, per UTC
// hour or day, every bucket present (zeros included) so that charts need no gap filling.
// Trips count in the bucket they started in. Periods are bounded (TRAFFIC_MAX_DAYS).
import { groupScopeCondition } from '../bikes/group-scope';
import { SqlParams } from '../bikes/sql';
import { TRAFFIC_MAX_DAYS, type Chart, type Traffic, type TrafficGranularity } from '@vfm/contract';
import { resolvePeriod, type Period } from '../../lib/period';
import type { RequestScope } from '../../lib/request-scope';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const STEP_MS: Record<TrafficGranularity, number> = { hour: HOUR_MS, day: DAY_MS };
/** Starts of the UTC buckets that overlap [from, to). */
function bucketStarts(period: Period, step: number): number[] {
  const starts: number[] = [];
  for (let at = Math.floor(period.from.getTime() / step) * step; at < period.to.getTime();) {
    starts.push(at);
    at += step;
  }
  return starts;
}

interface TripBucket {
  start: Date;
  trips: number;
  km: number;
  minutes: number;
  bikes: number;
}

/** `AND bike_id IN (bikes of the groups and their descendants)`, or nothing. */
function bikesOfGroups(params: SqlParams, scope: RequestScope, groupIds?: string[]) {
  if (!groupIds?.length) return '';
  return ` AND bike_id IN (SELECT b.id FROM bike b WHERE b.fleet_id = $1
    AND ${groupScopeCondition(params, scope.fleetId, groupIds)})`;
}

async function tripBuckets(
  scope: RequestScope,
  period: Period,
  unit: TrafficGranularity,
  groupIds?: string[],
) {
  const params = new SqlParams();
  params.add(scope.fleetId);
  params.add(period.from);
  params.add(period.to);
  const rows = await scope.database.query<TripBucket>(
    `SELECT date_trunc('${unit}', started_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start,
            count(*) AS trips, coalesce(sum(distance_km), 0) AS km,
            coalesce(sum(duration_minutes), 0) AS minutes, count(DISTINCT bike_id) AS bikes
       FROM trip WHERE fleet_id = $1 AND started_at >= $2 AND started_at < $3
       ${bikesOfGroups(params, scope, groupIds)}
      GROUP BY 1`,
    params.values,
  );
  return new Map(rows.map((row) => [row.start.getTime(), row]));
}

export async function getTraffic(
  scope: RequestScope,
  query: { from?: string; to?: string; granularity?: TrafficGranularity; groupId?: string[] },
): Promise<Traffic> {
  const granularity = query.granularity ?? 'day';
  const period = resolvePeriod(
    query,
    scope.now,
    granularity === 'hour' ? 7 : 30,
    TRAFFIC_MAX_DAYS[granularity],
  );
  const found = await tripBuckets(scope, period, granularity, query.groupId);
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    granularity,
    buckets: bucketStarts(period, STEP_MS[granularity]).map((start) => {
      const row = found.get(start);
      return {
        start: new Date(start).toISOString(),
        trips: row?.trips ?? 0,
        distanceKm: row?.km ?? 0,
        activeBikes: row?.bikes ?? 0,
      };
    }),
  };
}

interface EventDay {
  day: Date;
  alarms: number;
  thefts: number;
}

export async function getChart(
  scope: RequestScope,
  query: { from?: string; to?: string; groupId?: string[] },
): Promise<Chart> {
  const period = resolvePeriod(query, scope.now, 30, TRAFFIC_MAX_DAYS.day);
  const params = new SqlParams();
  params.add(scope.fleetId);
  params.add(period.from);
  params.add(period.to);
  const ofGroups = bikesOfGroups(params, scope, query.groupId);
  const [trips, events, [fleet]] = await Promise.all([
    tripBuckets(scope, period, 'day', query.groupId),
    scope.database.query<EventDay>(
      `SELECT date_trunc('day', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day,
              count(*) FILTER (WHERE name = 'ALARM_TRIGGERED') AS alarms,
              count(*) FILTER (WHERE name = 'THEFT_DECLARED') AS thefts
         FROM event
        WHERE fleet_id = $1 AND occurred_at >= $2 AND occurred_at < $3
          AND name IN ('ALARM_TRIGGERED', 'THEFT_DECLARED')${ofGroups}
        GROUP BY 1`,
      params.values,
    ),
    scope.database.query<{ co2: number }>('SELECT co2_kg_per_km AS co2 FROM fleet WHERE id = $1', [
      scope.fleetId,
    ]),
  ]);
  const eventDays = new Map(events.map((row) => [row.day.getTime(), row]));
  const co2PerKm = fleet?.co2 ?? 0;
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    days: bucketStarts(period, DAY_MS).map((start) => {
      const trip = trips.get(start);
      const event = eventDays.get(start);
      const km = trip?.km ?? 0;
      return {
        date: new Date(start).toISOString().slice(0, 10),
        trips: trip?.trips ?? 0,
        distanceKm: km,
        durationMinutes: trip?.minutes ?? 0,
        // DESIGN §7: CO2 avoided = km × the fleet's factor
        co2AvoidedKg: km * co2PerKm,
        activeBikes: trip?.bikes ?? 0,
        alarms: event?.alarms ?? 0,
        theftsDeclared: event?.thefts ?? 0,
      };
    }),
  };
}
