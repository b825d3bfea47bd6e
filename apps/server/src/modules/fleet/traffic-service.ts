// GET fleet/statistics/traffic and fleet/chart (DESIGN §5): activity over a period, per UTC
// hour or day, every bucket present (zeros included) so that charts need no gap filling.
// Trips count in the bucket they started in. Periods are bounded (TRAFFIC_MAX_DAYS).
import { TRAFFIC_MAX_DAYS, type Chart, type Traffic, type TrafficGranularity } from '@vfm/contract';
import { resolvePeriod, type Period } from '../../lib/period';
import type { RequestScope } from '../../plugins/request-scope';
import { alertDays, co2KgPerKm, tripBuckets } from './queries';

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
  const found = await tripBuckets(
    scope.database,
    scope.fleetId,
    period,
    granularity,
    query.groupId,
  );
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

export async function getChart(
  scope: RequestScope,
  query: { from?: string; to?: string; groupId?: string[] },
): Promise<Chart> {
  const period = resolvePeriod(query, scope.now, 30, TRAFFIC_MAX_DAYS.day);
  const [trips, events, co2PerKm] = await Promise.all([
    tripBuckets(scope.database, scope.fleetId, period, 'day', query.groupId),
    alertDays(scope.database, scope.fleetId, period, query.groupId),
    co2KgPerKm(scope.database, scope.fleetId),
  ]);
  const eventDays = new Map(events.map((row) => [row.day.getTime(), row]));
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
