// GET products/details/trips/{vehicleNumber} (beyond SPEC: the bike page's trip replay, ADR 0074): the bike's trips
// of a period — bounded like fleet traffic: default the last TRIPS_DEFAULT_DAYS days, at most
// TRIPS_MAX_DAYS — each with its positions for a replay. Trips are the ones the ingest derived
// from the module's MOVING → PARKED telemetry (DESIGN §7, table `trip`); their positions are the
// telemetry stored during the ride, simplified to at most TRIP_POSITIONS_MAX points. Where no
// stored position lies at a trip's start or end, the position the trip recorded there stands in.
import {
  TRIPS_DEFAULT_DAYS,
  TRIPS_MAX_DAYS,
  TRIP_POSITIONS_MAX,
  type Trip,
  type TripPosition,
  type Trips,
  type TripsQuery,
} from '@vfm/contract';
import { resolvePeriod } from '../../lib/period';
import { requireBike } from '../bikes/bike-lookup';
import type { RequestScope } from '../../plugins/request-scope';
import { tripPositions, tripsOfBike, type TripPositionRow, type TripRow } from './queries';
import { simplifyTrack } from './simplify-track';

export async function getTrips(
  scope: Pick<RequestScope, 'database' | 'fleetId' | 'now'>,
  vehicleNumber: string,
  query: TripsQuery,
): Promise<Trips> {
  const { from, to } = resolvePeriod(query, scope.now, TRIPS_DEFAULT_DAYS, TRIPS_MAX_DAYS);
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const trips = await tripsOfBike(scope.database, bike.id, from, to);
  const positions = groupByTrip(await tripPositions(scope.database, bike.id, trips));
  return {
    vehicleNumber: bike.vehicle_number,
    from: from.toISOString(),
    to: to.toISOString(),
    trips: trips.map((trip) => toTrip(trip, positions.get(trip.id) ?? [])),
  };
}

function groupByTrip(rows: TripPositionRow[]): Map<number, TripPosition[]> {
  const byTrip = new Map<number, TripPosition[]>();
  for (const row of rows) {
    const point: TripPosition = [row.longitude, row.latitude, row.ts.getTime()];
    const list = byTrip.get(row.trip_id);
    if (list) list.push(point);
    else byTrip.set(row.trip_id, [point]);
  }
  return byTrip;
}

function toTrip(trip: TripRow, stored: TripPosition[]): Trip {
  const start = trip.started_at.getTime();
  const end = trip.ended_at.getTime();
  const positions = [...stored];
  if (positions[0]?.[2] !== start && trip.start_longitude !== null && trip.start_latitude !== null)
    positions.unshift([trip.start_longitude, trip.start_latitude, start]);
  if (positions.at(-1)?.[2] !== end && trip.end_longitude !== null && trip.end_latitude !== null)
    positions.push([trip.end_longitude, trip.end_latitude, end]);
  return {
    startedAt: trip.started_at.toISOString(),
    endedAt: trip.ended_at.toISOString(),
    distanceKm: Math.round(trip.distance_km * 1000) / 1000,
    durationSeconds: Math.max(0, Math.round((end - start) / 1000)),
    positions: simplifyTrack(positions, TRIP_POSITIONS_MAX),
  };
}
