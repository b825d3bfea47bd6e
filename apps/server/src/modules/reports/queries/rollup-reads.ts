// What the rollup job reads (ADR 0127): the fleets and how far back their data goes, the days
// already computed, and for a page of bikes their state before the day, the day's changes of
// state and trips.
import type { Queryable } from '../../../db/client';

export interface RollupFleetRow {
  id: string;
  /** the demo's history is being written: its days wait */
  seeding: boolean;
  /** the first day with data (a trip or a bike), null for an empty fleet */
  first_day: string | null;
}

export async function rollupFleets(db: Queryable, fleetId: string | null) {
  return db.query<RollupFleetRow>(
    `SELECT f.id,
            (d.fleet_id IS NOT NULL AND d.seeded_at IS NULL) AS seeding,
            to_char(least(
              (SELECT min(t.started_at) FROM trip t WHERE t.fleet_id = f.id),
              (SELECT min(b.created_at) FROM bike b WHERE b.fleet_id = f.id)
            ) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS first_day
       FROM fleet f LEFT JOIN demo_history d ON d.fleet_id = f.id
      WHERE $1::uuid IS NULL OR f.id = $1::uuid
      ORDER BY f.id`,
    [fleetId],
  );
}

/** The days computed for good: after their end, and an hour or more after it (the trips that
 *  end after midnight and the events of modules that were offline arrive a little late). */
export async function finalDays(db: Queryable, fleetId: string, from: string, to: string) {
  const rows = await db.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM report_rollup_day
      WHERE fleet_id = $1 AND final AND computed_at >= day + interval '25 hours'
        AND day BETWEEN $2::date AND $3::date`,
    [fleetId, from, to],
  );
  return new Set(rows.map((row) => row.day));
}

export interface RollupBikeRow {
  id: number;
  group_id: string | null;
  created_at: Date;
  availability: string;
  theft_state: string;
  latitude: number | null;
  longitude: number | null;
}

/** A page of the fleet's bikes (keyset on id); the caller keeps those that existed then. */
export async function rollupBikes(
  db: Queryable,
  fleetId: string,
  afterId: number,
  limit: number,
  dayStart: Date,
) {
  // a bike exists from its creation, or its first trip if that is earlier (history imported
  // with it, as the demo's 30 days): looked for only when created after the day's start
  return db.query<RollupBikeRow>(
    `SELECT b.id, b.group_id, b.availability, b.theft_state, b.latitude, b.longitude,
            CASE WHEN b.created_at <= $4 THEN b.created_at
                 ELSE least(b.created_at,
                            (SELECT min(t.started_at) FROM trip t WHERE t.bike_id = b.id)) END
              AS created_at
       FROM bike b WHERE b.fleet_id = $1 AND b.id > $2 ORDER BY b.id LIMIT $3`,
    [fleetId, afterId, limit, dayStart],
  );
}

export async function previousEnds(db: Queryable, fleetId: string, day: string, ids: number[]) {
  return db.query<{ bike_id: number; end_availability: string; end_stolen: boolean }>(
    `SELECT bike_id, end_availability, end_stolen FROM report_bike_day
      WHERE fleet_id = $1 AND day = $2::date - 1 AND bike_id = ANY($3::bigint[])`,
    [fleetId, day, ids],
  );
}

const AVAILABILITY = `name = 'AVAILABILITY_CHANGED'`;
const THEFT = `name IN ('THEFT_DECLARED', 'THEFT_CANCELLED')`;

/**
 * The state at `start` of bikes without yesterday's row: the last change before it, else what
 * the first change after it changed from, else (null) the bike's state now.
 */
export async function stateAt(db: Queryable, ids: number[], start: Date) {
  return db.query<{ id: number; availability: string | null; stolen: boolean | null }>(
    `SELECT b.id,
            coalesce(
              (SELECT e.data->>'to' FROM event e WHERE e.bike_id = b.id AND e.${AVAILABILITY}
                  AND e.occurred_at < $2 ORDER BY e.occurred_at DESC LIMIT 1),
              (SELECT e.data->>'from' FROM event e WHERE e.bike_id = b.id AND e.${AVAILABILITY}
                  AND e.occurred_at >= $2 ORDER BY e.occurred_at LIMIT 1)) AS availability,
            coalesce(
              (SELECT e.name = 'THEFT_DECLARED' FROM event e WHERE e.bike_id = b.id AND e.${THEFT}
                  AND e.occurred_at < $2 ORDER BY e.occurred_at DESC LIMIT 1),
              (SELECT e.name = 'THEFT_CANCELLED' FROM event e WHERE e.bike_id = b.id AND e.${THEFT}
                  AND e.occurred_at >= $2 ORDER BY e.occurred_at LIMIT 1)) AS stolen
       FROM bike b WHERE b.id = ANY($1::bigint[])`,
    [ids, start],
  );
}

export async function dayChanges(db: Queryable, ids: number[], start: Date, end: Date) {
  return db.query<{ bike_id: number; at: Date; name: string; to: string | null }>(
    `SELECT bike_id, occurred_at AS at, name, data->>'to' AS "to" FROM event
      WHERE bike_id = ANY($1::bigint[]) AND (${AVAILABILITY} OR ${THEFT})
        AND occurred_at >= $2 AND occurred_at < $3`,
    [ids, start, end],
  );
}

export interface DayTripRow {
  bike_id: number;
  /** ms since the epoch (numbers: 300,000 rows a day parse faster than dates) */
  started_at: number;
  ended_at: number;
  distance_km: number;
  duration_minutes: number;
  start_lat: number | null;
  start_lon: number | null;
  end_lat: number | null;
  end_lon: number | null;
}

/** The fleet's trips that overlap [start, end) (one range of its time index, not a probe a
 *  bike): those that started in it, and those of the day before still running at its start. */
export async function dayTrips(db: Queryable, fleetId: string, start: Date, end: Date) {
  return db.query<DayTripRow>(
    `SELECT bike_id, extract(epoch FROM started_at)::float8 * 1000 AS started_at,
            extract(epoch FROM ended_at)::float8 * 1000 AS ended_at, distance_km, duration_minutes,
            start_latitude AS start_lat, start_longitude AS start_lon,
            end_latitude AS end_lat, end_longitude AS end_lon FROM trip
      WHERE fleet_id = $1 AND started_at > $2::timestamptz - interval '1 day'
        AND started_at < $3 AND ended_at > $2`,
    [fleetId, start, end],
  );
}

/** Where each bike's last trip that started before `start` ended (where it stood then). */
export async function lastTripEnds(db: Queryable, ids: number[], start: Date) {
  return db.query<{ bike_id: number; lat: number; lon: number }>(
    `SELECT b.id AS bike_id, t.end_latitude AS lat, t.end_longitude AS lon
       FROM unnest($1::bigint[]) AS b(id)
       CROSS JOIN LATERAL (SELECT end_latitude, end_longitude FROM trip
              WHERE bike_id = b.id AND started_at < $2 ORDER BY started_at DESC LIMIT 1) t
      WHERE t.end_latitude IS NOT NULL AND t.end_longitude IS NOT NULL`,
    [ids, start],
  );
}

export async function zonesOfFleet(db: Queryable, fleetId: string) {
  return db.query<{
    id: string;
    geometry: unknown;
    min_bikes: number | null;
    max_bikes: number | null;
  }>(`SELECT id, geometry, min_bikes, max_bikes FROM zone WHERE fleet_id = $1 ORDER BY id`, [
    fleetId,
  ]);
}
