// The fleet screen's KPI strip (ADR 0127): today since midnight (UTC) until now against the
// same span of the same weekday a week ago — trips, bikes that rode, utilisation, alerts
// opened, the bikes available at the busiest hour (the rollup's minute counts) and the alerts
// whose time to acknowledge ran out (ALERT_ACK_SLA_MINUTES by severity).
import { ALERT_ACK_SLA_MINUTES, ALERT_KINDS, ALERT_SEVERITY, type FleetKpis } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import type { RequestScope } from '../../plugins/request-scope';
import { percent } from './metrics';
import { spanFigures } from './queries/city';
import { alertsPastSla, availableByMinute, busiestHour } from './queries/kpis';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const SLA_OF_KINDS = {
  kinds: [...ALERT_KINDS],
  minutes: ALERT_KINDS.map((kind) => ALERT_ACK_SLA_MINUTES[ALERT_SEVERITY[kind]]),
};

/** The fewest bikes available in the busiest hour of [from, to), or null. */
async function availableAtPeak(db: Queryable, fleetId: string, from: Date, to: Date) {
  const peak = await busiestHour(db, fleetId, from, to);
  if (!peak) return { peakHour: null, bikesAvailableAtPeak: null };
  const minutes = await availableByMinute(db, fleetId, from.toISOString().slice(0, 10));
  const first = (peak.hour.getTime() - from.getTime()) / MINUTE;
  const last = Math.min(first + HOUR / MINUTE, (to.getTime() - from.getTime()) / MINUTE);
  const inHour = (minutes ?? []).slice(first, Math.ceil(last));
  return {
    peakHour: peak.hour.toISOString(),
    bikesAvailableAtPeak: inHour.length ? Math.min(...inHour) : null,
  };
}

export async function getFleetKpis(scope: RequestScope): Promise<FleetKpis> {
  const now = scope.now.getTime();
  const midnight = Math.floor(now / DAY) * DAY;
  const { database: db, fleetId } = scope;
  const span = async (shift: number) => {
    const from = new Date(midnight - shift);
    const to = new Date(now - shift);
    const [row, peak, pastSla] = await Promise.all([
      spanFigures(db, fleetId, from, to),
      availableAtPeak(db, fleetId, from, to),
      alertsPastSla(db, fleetId, from, to, SLA_OF_KINDS, ALERT_ACK_SLA_MINUTES),
    ]);
    return {
      trips: row.trips,
      activeBikes: row.active,
      utilisationPercent: percent(row.active, row.bikes),
      alertsOpened: row.alerts,
      ...peak,
      alertsPastSla: pastSla,
    };
  };
  const [today, lastWeek] = await Promise.all([span(0), span(WEEK)]);
  return { at: scope.now.toISOString(), today, lastWeek };
}
