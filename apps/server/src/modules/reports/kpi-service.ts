// The fleet screen's KPI strip (ADR 0127): today since midnight (UTC) until now against the
// same span of the same weekday a week ago — trips, bikes that rode, utilisation, alerts opened.
import type { FleetKpis } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { percent } from './metrics';
import { spanFigures } from './queries/city';

const WEEK = 7 * 86_400_000;

export async function getFleetKpis(scope: RequestScope): Promise<FleetKpis> {
  const now = scope.now.getTime();
  const midnight = Math.floor(now / 86_400_000) * 86_400_000;
  const span = async (shift: number) => {
    const row = await spanFigures(
      scope.database,
      scope.fleetId,
      new Date(midnight - shift),
      new Date(now - shift),
    );
    return {
      trips: row.trips,
      activeBikes: row.active,
      utilisationPercent: percent(row.active, row.bikes),
      alertsOpened: row.alerts,
    };
  };
  const [today, lastWeek] = await Promise.all([span(0), span(WEEK)]);
  return { at: scope.now.toISOString(), today, lastWeek };
}
