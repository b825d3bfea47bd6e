// The recommendations' and the routes' rows (ADR 0128).
import { jsonRecords, type Queryable, queryOne } from '../../../db/client';

export interface RecommendationRow {
  id: string;
  from_cell: string;
  to_cell: string;
  from_lon: number;
  from_lat: number;
  to_lon: number;
  to_lat: number;
  bike_ids: number[];
  vehicle_numbers: string[];
  due_at: Date;
  extra_rides: number;
  state: 'OPEN' | 'ACCEPTED' | 'SNOOZED' | 'DISMISSED' | 'SUPERSEDED';
  snoozed_until: Date | null;
  task_ids: string[];
  created_at: Date;
}

const COLUMNS = `r.id, r.from_cell, r.to_cell, r.from_lon, r.from_lat, r.to_lon, r.to_lat,
  r.bike_ids::int[] AS bike_ids, r.due_at, r.extra_rides, r.state, r.snoozed_until,
  r.task_ids::text[] AS task_ids, r.created_at,
  coalesce((SELECT array_agg(b.vehicle_number ORDER BY b.vehicle_number) FROM bike b
             WHERE b.id = ANY (r.bike_ids)), '{}') AS vehicle_numbers`;

/** a fleet's recommendations of one state (null: all), newest first, the last 100 */
export async function selectRecommendations(
  db: Queryable,
  fleetId: string,
  state: string | null,
  now: Date,
) {
  return db.query<RecommendationRow>(
    `SELECT ${COLUMNS} FROM rebalancing_recommendation r
      WHERE r.fleet_id = $1 AND ($2::text IS NULL OR r.state = $2
            OR ($2 = 'OPEN' AND r.state = 'SNOOZED' AND r.snoozed_until <= $3))
      ORDER BY r.created_at DESC, r.extra_rides DESC, r.id LIMIT 100`,
    [fleetId, state, now],
  );
}

export async function lockRecommendation(db: Queryable, fleetId: string, id: string) {
  return queryOne<RecommendationRow>(
    db,
    `SELECT ${COLUMNS} FROM rebalancing_recommendation r
      WHERE r.fleet_id = $1 AND r.id = $2 FOR UPDATE OF r`,
    [fleetId, id],
  );
}

export interface NewRecommendation {
  fromCell: string;
  toCell: string;
  from: [number, number];
  to: [number, number];
  bikeIds: number[];
  dueAt: Date;
  extraRides: number;
}

export async function insertRecommendations(
  db: Queryable,
  fleetId: string,
  rows: NewRecommendation[],
  now: Date,
): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO rebalancing_recommendation (fleet_id, from_cell, to_cell, from_lon, from_lat,
            to_lon, to_lat, bike_ids, due_at, extra_rides, created_at)
     SELECT $1, from_cell, to_cell, from_lon, from_lat, to_lon, to_lat,
            ARRAY(SELECT json_array_elements_text(bike_ids)::bigint), due_at, extra_rides, $3
       FROM json_to_recordset($2::json) AS r(from_cell text, to_cell text, from_lon float8,
            from_lat float8, to_lon float8, to_lat float8, bike_ids json, due_at timestamptz,
            extra_rides float8)
     RETURNING id`,
    [
      fleetId,
      jsonRecords(rows, (r) => ({
        from_cell: r.fromCell,
        to_cell: r.toCell,
        from_lon: r.from[0],
        from_lat: r.from[1],
        to_lon: r.to[0],
        to_lat: r.to[1],
        bike_ids: r.bikeIds,
        due_at: r.dueAt.toISOString(),
        extra_rides: r.extraRides,
      })),
      now,
    ],
  );
  return inserted.map((r) => r.id);
}

/** The open ones are replaced by a new planning (snoozed ones stay snoozed). */
export async function supersedeOpen(db: Queryable, fleetId: string, now: Date) {
  await db.query(
    `UPDATE rebalancing_recommendation SET state = 'SUPERSEDED', decided_at = $2
      WHERE fleet_id = $1 AND (state = 'OPEN' OR (state = 'SNOOZED' AND snoozed_until <= $2))`,
    [fleetId, now],
  );
}

/** The bikes promised to recommendations still pending or accepted into active tasks. */
export async function reservedBikes(db: Queryable, fleetId: string, now: Date) {
  const rows = await db.query<{ id: number }>(
    `SELECT DISTINCT unnest(bike_ids)::int AS id FROM rebalancing_recommendation
      WHERE fleet_id = $1 AND (state = 'SNOOZED' AND snoozed_until > $2
         OR state = 'ACCEPTED' AND EXISTS (SELECT 1 FROM task t WHERE t.id = ANY (task_ids)
              AND t.status IN ('OPEN', 'IN_PROGRESS')))`,
    [fleetId, now],
  );
  return new Set(rows.map((r) => r.id));
}

export async function decide(
  db: Queryable,
  id: string,
  change: { state: RecommendationRow['state']; snoozedUntil?: Date | null; taskIds?: string[] },
  by: string | null,
  now: Date,
) {
  await db.query(
    `UPDATE rebalancing_recommendation SET state = $2, snoozed_until = $3,
            task_ids = coalesce($4::uuid[], task_ids), decided_at = $5, decided_by = $6
      WHERE id = $1`,
    [id, change.state, change.snoozedUntil ?? null, change.taskIds ?? null, now, by],
  );
}

export interface StopTaskRow {
  task_id: string;
  kind: 'BATTERY_SWAP' | 'REBALANCE';
  vehicle_number: string;
  lon: number;
  lat: number;
  due_at: Date | null;
  assignee_id: string | null;
  /** a move's destination: its task's drop-off (a REBALANCE task made from a recommendation) */
  to_lon: number | null;
  to_lat: number | null;
}

/** The open battery swaps and rebalancing moves of a fleet, with where the bikes stand. */
export async function routeTasks(db: Queryable, fleetId: string): Promise<StopTaskRow[]> {
  return db.query<StopTaskRow>(
    `SELECT t.id AS task_id, t.kind, b.vehicle_number, b.longitude AS lon, b.latitude AS lat,
            t.due_at, t.assignee_id, t.drop_off_longitude AS to_lon,
            t.drop_off_latitude AS to_lat
       FROM task t JOIN bike b ON b.id = t.bike_id
      WHERE t.fleet_id = $1 AND t.status = 'OPEN' AND t.kind = 'REBALANCE'
        AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL
      ORDER BY t.due_at NULLS LAST, t.id LIMIT 600`,
    [fleetId],
  );
}

export interface TechnicianRow {
  id: string;
  name: string;
}

export async function technicians(db: Queryable, fleetId: string, role: string) {
  return db.query<TechnicianRow>(
    `SELECT id, coalesce(nullif(full_name, ''), email) AS name FROM account
      WHERE fleet_id = $1 AND status = 'ACTIVE' AND $2 = ANY (roles) ORDER BY email`,
    [fleetId, role],
  );
}

export interface RouteRow {
  technician_id: string;
  technician_name: string;
  shift_start: Date;
  shift_end: Date;
  planned_at: Date;
  length_km: number;
  stops: unknown[];
}

export async function replaceRoutes(
  db: Queryable,
  fleetId: string,
  routes: Array<Omit<RouteRow, 'technician_name'>>,
) {
  await db.query('DELETE FROM rebalancing_route WHERE fleet_id = $1', [fleetId]);
  if (!routes.length) return;
  await db.query(
    `INSERT INTO rebalancing_route (fleet_id, technician_id, shift_start, shift_end, planned_at,
            length_km, stops)
     SELECT $1, technician_id, shift_start, shift_end, planned_at, length_km, stops
       FROM json_to_recordset($2::json) AS r(technician_id uuid, shift_start timestamptz,
            shift_end timestamptz, planned_at timestamptz, length_km float8, stops jsonb)`,
    [fleetId, JSON.stringify(routes)],
  );
}

export async function selectRoutes(db: Queryable, fleetId: string, technicianId: string | null) {
  return db.query<RouteRow>(
    `SELECT r.technician_id, coalesce(nullif(a.full_name, ''), a.email) AS technician_name,
            r.shift_start, r.shift_end, r.planned_at, r.length_km, r.stops
       FROM rebalancing_route r JOIN account a ON a.id = r.technician_id
      WHERE r.fleet_id = $1 AND ($2::uuid IS NULL OR r.technician_id = $2)
      ORDER BY technician_name`,
    [fleetId, technicianId],
  );
}
