// The products module's SQL. Every query takes the bike id of a bike already found in the
// caller's fleet (../bikes/bike-lookup), or the caller's fleet id.
import type { Queryable } from '../../db/client';

// ---- trips ------------------------------------------------------------------------------

export interface TripRow {
  id: number;
  started_at: Date;
  ended_at: Date;
  distance_km: number;
  duration_minutes: number;
  start_longitude: number | null;
  start_latitude: number | null;
  end_longitude: number | null;
  end_latitude: number | null;
}

export interface TripPositionRow {
  trip_id: number;
  longitude: number;
  latitude: number;
  ts: Date;
}

/** The bike's trips that started in [from, to), newest first (index trip_bike_time_idx). */
export function tripsOfBike(db: Queryable, bikeId: number, from: Date, to: Date) {
  return db.query<TripRow>(
    `SELECT id, started_at, ended_at, distance_km, duration_minutes, start_longitude,
            start_latitude, end_longitude, end_latitude
       FROM trip
      WHERE bike_id = $1 AND started_at >= $2 AND started_at < $3
      ORDER BY started_at DESC`,
    [bikeId, from, to],
  );
}

/** The stored positions of each of these trips (telemetry of the bike during the ride), oldest
 * first. The bound on `ts` lets PostgreSQL skip the months outside the trips. */
export function tripPositions(db: Queryable, bikeId: number, trips: TripRow[]) {
  if (!trips.length) return Promise.resolve([]);
  const first = new Date(Math.min(...trips.map((trip) => trip.started_at.getTime())));
  const last = new Date(Math.max(...trips.map((trip) => trip.ended_at.getTime())));
  return db.query<TripPositionRow>(
    `SELECT t.id AS trip_id, p.longitude, p.latitude, p.ts
       FROM unnest($2::bigint[], $3::timestamptz[], $4::timestamptz[]) AS t(id, started_at, ended_at)
       JOIN telemetry p ON p.bike_id = $1 AND p.ts BETWEEN t.started_at AND t.ended_at
      WHERE p.ts BETWEEN $5 AND $6 AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
      ORDER BY t.id, p.ts, p.seq`,
    [
      bikeId,
      trips.map((trip) => trip.id),
      trips.map((trip) => trip.started_at),
      trips.map((trip) => trip.ended_at),
      first,
      last,
    ],
  );
}
