// GET products/details/trips/{vn} (issue "bike page" §7): the bike's trips of a period (trips
// are written by the ingest when the bike goes MOVING → PARKED, DESIGN §7), newest first, each
// with its positions from the telemetry of that time, simplified to TRIP_TRACK_MAX_POINTS.
import {
  TRIP_TRACK_MAX_POINTS,
  TRIPS_MAX_DAYS,
  type TrackPoint,
  type Trips,
  type TripsQuery,
} from '@vfm/contract';
import { requireBike } from '../bikes/bike-lookup';
import { resolvePeriod } from '../fleet/traffic-service';
import type { Scope } from './details-service';
import { simplifyTrack } from './track-simplify';

/** a period holds at most this many trips (a bike rides a few a day) */
const TRIPS_LIMIT = 500;

interface TripRow {
  id: string | number;
  started_at: Date;
  ended_at: Date;
  distance_km: number;
  duration_minutes: number;
  start_latitude: number | null;
  start_longitude: number | null;
  end_latitude: number | null;
  end_longitude: number | null;
}
interface PointRow {
  trip_id: string | number;
  ts: Date;
  latitude: number;
  longitude: number;
}

export async function getTrips(
  scope: Scope,
  vehicleNumber: string,
  query: TripsQuery,
): Promise<Trips> {
  const period = resolvePeriod(query, scope.now, 7, TRIPS_MAX_DAYS);
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const trips = await scope.database.query<TripRow>(
    `SELECT id, started_at, ended_at, distance_km, duration_minutes,
            start_latitude, start_longitude, end_latitude, end_longitude
       FROM trip
      WHERE bike_id = $1 AND started_at >= $2 AND started_at < $3
      ORDER BY started_at DESC LIMIT ${TRIPS_LIMIT}`,
    [bike.id, period.from, period.to],
  );
  // every position of those trips in one pass over the bike's telemetry of the period
  const points = trips.length
    ? await scope.database.query<PointRow>(
        `SELECT t.id AS trip_id, m.ts, m.latitude, m.longitude
           FROM trip t
           JOIN telemetry m ON m.bike_id = t.bike_id AND m.ts BETWEEN t.started_at AND t.ended_at
          WHERE t.id = ANY($1::bigint[]) AND m.bike_id = $2
            AND m.ts >= $3 AND m.ts <= $4
            AND m.latitude IS NOT NULL AND m.longitude IS NOT NULL
          ORDER BY t.id, m.ts`,
        [
          trips.map((trip) => String(trip.id)),
          bike.id,
          trips.at(-1)!.started_at,
          trips.reduce((last, trip) => (trip.ended_at > last ? trip.ended_at : last), period.from),
        ],
      )
    : [];
  const tracks = new Map<string, TrackPoint[]>();
  for (const point of points) {
    const key = String(point.trip_id);
    let track = tracks.get(key);
    if (!track) tracks.set(key, (track = []));
    track.push([point.longitude, point.latitude, point.ts.getTime()]);
  }
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    trips: trips.map((trip) => ({
      id: Number(trip.id),
      startedAt: trip.started_at.toISOString(),
      endedAt: trip.ended_at.toISOString(),
      distanceKm: trip.distance_km,
      durationMinutes: trip.duration_minutes,
      track: simplifyTrack(
        withEnds(trip, tracks.get(String(trip.id)) ?? []),
        TRIP_TRACK_MAX_POINTS,
      ),
    })),
  };
}

/** The trip's recorded start and end around its telemetry, when the telemetry lacks them. */
function withEnds(trip: TripRow, track: TrackPoint[]): TrackPoint[] {
  const start: TrackPoint | null =
    trip.start_latitude !== null && trip.start_longitude !== null
      ? [trip.start_longitude, trip.start_latitude, trip.started_at.getTime()]
      : null;
  const end: TrackPoint | null =
    trip.end_latitude !== null && trip.end_longitude !== null
      ? [trip.end_longitude, trip.end_latitude, trip.ended_at.getTime()]
      : null;
  const out = [...track];
  if (start && (!out.length || out[0]![2] > start[2])) out.unshift(start);
  if (end && (!out.length || out.at(-1)![2] < end[2])) out.push(end);
  return out;
}
