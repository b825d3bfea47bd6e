// The city pack's reads (ADR 0127): the month's trips and events exactly as the MDS Provider
// API publishes them (modules/mds/queries.ts: placed trips by their end, the fleet's bikes'
// events), and the repairs done.
import type { Queryable } from '../../../db/client';

export async function cityTrips(db: Queryable, fleetId: string, from: Date, to: Date) {
  const [row] = await db.query<{ count: number; distance: number; duration: number }>(
    `SELECT count(*)::int AS count,
            coalesce(sum(greatest(0, round(t.distance_km * 1000))), 0)::float8 AS distance,
            coalesce(sum(greatest(0, round(t.duration_minutes * 60))), 0)::float8 AS duration
       FROM trip t JOIN bike b ON b.id = t.bike_id AND b.fleet_id = t.fleet_id
      WHERE t.fleet_id = $1 AND t.ended_at >= $2 AND t.ended_at < $3
        AND t.start_latitude IS NOT NULL AND t.start_longitude IS NOT NULL
        AND t.end_latitude IS NOT NULL AND t.end_longitude IS NOT NULL`,
    [fleetId, from, to],
  );
  return row!;
}

export async function cityEvents(db: Queryable, fleetId: string, from: Date, to: Date) {
  const [row] = await db.query<{ thefts: number; maintenance: number; rebalance: number }>(
    `SELECT count(*) FILTER (WHERE e.name = 'THEFT_DECLARED')::int AS thefts,
            count(*) FILTER (WHERE e.name = 'AVAILABILITY_CHANGED' AND e.data->>'to' = 'OUT')::int
              AS maintenance,
            count(*) FILTER (WHERE e.name = 'AVAILABILITY_CHANGED'
              AND e.data->>'to' = 'TRANSIT')::int AS rebalance
       FROM event e JOIN bike b ON b.id = e.bike_id AND b.fleet_id = e.fleet_id
      WHERE e.fleet_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3
        AND e.name IN ('THEFT_DECLARED', 'AVAILABILITY_CHANGED')`,
    [fleetId, from, to],
  );
  return row!;
}

export async function cityRepairs(db: Queryable, fleetId: string, from: Date, to: Date) {
  const [row] = await db.query<{ repairs: number }>(
    `SELECT count(*)::int AS repairs FROM task
      WHERE fleet_id = $1 AND kind = 'REPAIR' AND status = 'DONE'
        AND closed_at >= $2 AND closed_at < $3`,
    [fleetId, from, to],
  );
  return row!.repairs;
}

/** Trips started, bikes that rode and alerts opened in [from, to), and the fleet's bikes now. */
export async function spanFigures(db: Queryable, fleetId: string, from: Date, to: Date) {
  const [row] = await db.query<{
    trips: number;
    active: number;
    bikes: number;
    alerts: number;
  }>(
    `SELECT (SELECT count(*)::int FROM trip WHERE fleet_id = $1
                AND started_at >= $2 AND started_at < $3) AS trips,
            (SELECT count(DISTINCT bike_id)::int FROM trip WHERE fleet_id = $1
                AND started_at >= $2 AND started_at < $3) AS active,
            (SELECT count(*)::int FROM bike WHERE fleet_id = $1) AS bikes,
            (SELECT count(*)::int FROM alert WHERE fleet_id = $1
                AND opened_at >= $2 AND opened_at < $3) AS alerts`,
    [fleetId, from, to],
  );
  return row!;
}
