// The city pack (ADR 0127, docs/reports.md): the monthly report a permit asks for, by the MDS
// definitions — its trips and events counted as the MDS Provider API publishes them (a city
// that sums its pulls of /mds/v2/ for the month finds the same numbers), the vehicles' use by
// MDS Metrics from the daily rollups, thefts, removals and repairs.
import type { CityReport, CityReportQuery } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { buildReport } from './report-service';
import { cityEvents, cityRepairs, cityTrips } from './queries/city';

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export async function getCityReport(
  scope: RequestScope,
  query: CityReportQuery,
): Promise<CityReport> {
  const { database: db, fleetId } = scope;
  const now = scope.now;
  const month =
    query.month ?? monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const [year, number] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, number - 1, 1));
  const end = new Date(Date.UTC(year, number, 1));
  const [trips, events, repairs, report] = await Promise.all([
    cityTrips(db, fleetId, start, end),
    cityEvents(db, fleetId, start, end),
    cityRepairs(db, fleetId, start, end),
    buildReport(db, fleetId, { period: 'month', from: `${month}-01` }, now),
  ]);
  const f = report.figures;
  return {
    month,
    from: report.from,
    to: report.to,
    trips,
    vehicles: {
      deployedAverage: f.deployedBikesAverage,
      activeCount: f.activeBikes ?? 0,
      inactiveCount: f.inactiveBikes ?? 0,
      idlePercent: f.idlePercent,
      tripsPerVehiclePerDay: f.tripsPerBikePerDay,
    },
    thefts: events.thefts,
    removals: { maintenance: events.maintenance, rebalance: events.rebalance },
    repairs,
  };
}
