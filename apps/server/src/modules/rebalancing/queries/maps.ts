// The heat maps' and the forecast's reads (ADR 0128): trips and parked bikes aggregated by
// position (rounded to 4 decimals, about 10 m: finer than the finest H3 cell asked for) and
// time; the H3 cells themselves are computed in TypeScript (h3-js).
import { zoneTypesWhere, type ZoneType } from '@vfm/contract';
import { type Queryable, queryOne } from '../../../db/client';

const STEERING_TYPES = zoneTypesWhere((rules) => !rules.rideEnd || rules.preferredParking);

export interface PointCountRow {
  lon: number;
  lat: number;
  hour: number;
  /** 1 Monday … 7 Sunday */
  weekday: number;
  n: number;
}

/** The columns of a trip's start (or end): its time and position. */
export const tripSide = (side: 'start' | 'end') =>
  side === 'start'
    ? { at: 'started_at', lon: 'start_longitude', lat: 'start_latitude' }
    : { at: 'ended_at', lon: 'end_longitude', lat: 'end_latitude' };

/** Trip starts (or ends) of the period by rounded position, hour of day and day of week (UTC). */
export async function tripPoints(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
  side: 'start' | 'end',
): Promise<PointCountRow[]> {
  const { at, lon, lat } = tripSide(side);
  return db.query<PointCountRow>(
    `SELECT round(${lon}::numeric, 4)::float8 AS lon, round(${lat}::numeric, 4)::float8 AS lat,
            extract(hour FROM ${at} AT TIME ZONE 'UTC')::int AS hour,
            extract(isodow FROM ${at} AT TIME ZONE 'UTC')::int AS weekday,
            count(*)::int AS n
       FROM trip
      WHERE fleet_id = $1 AND ${at} >= $2 AND ${at} < $3
        AND ${lon} IS NOT NULL AND ${lat} IS NOT NULL
      GROUP BY 1, 2, 3, 4`,
    [fleetId, from, to],
  );
}

export interface PointRow {
  lon: number;
  lat: number;
  n: number;
}

/**
 * Trip starts (or ends) of the period by position rounded to `digits` decimals (3: ~100 m, for
 * cells of resolution 8 and coarser; 4: ~10 m), only those of one hour of day and/or day of
 * week when given (UTC).
 */
export async function tripPointTotals(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
  side: 'start' | 'end',
  digits: 3 | 4,
  hour: number | null,
  weekday: number | null,
): Promise<PointRow[]> {
  const { at, lon, lat } = tripSide(side);
  return db.query<PointRow>(
    `SELECT round(${lon}::numeric, $4)::float8 AS lon, round(${lat}::numeric, $4)::float8 AS lat,
            count(*)::int AS n
       FROM trip
      WHERE fleet_id = $1 AND ${at} >= $2 AND ${at} < $3
        AND ${lon} IS NOT NULL AND ${lat} IS NOT NULL
        AND ($5::int IS NULL OR extract(hour FROM ${at} AT TIME ZONE 'UTC') = $5)
        AND ($6::int IS NULL OR extract(isodow FROM ${at} AT TIME ZONE 'UTC') = $6)
      GROUP BY 1, 2`,
    [fleetId, from, to, digits, hour, weekday],
  );
}

/** The same trips counted by hour of day and day of week (at most 168 rows). */
export async function tripProfile(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
  side: 'start' | 'end',
): Promise<Array<{ hour: number; weekday: number; n: number }>> {
  const { at, lon } = tripSide(side);
  return db.query(
    `SELECT extract(hour FROM ${at} AT TIME ZONE 'UTC')::int AS hour,
            extract(isodow FROM ${at} AT TIME ZONE 'UTC')::int AS weekday, count(*)::int AS n
       FROM trip
      WHERE fleet_id = $1 AND ${at} >= $2 AND ${at} < $3 AND ${lon} IS NOT NULL
      GROUP BY 1, 2`,
    [fleetId, from, to],
  );
}

export interface ParkedRow {
  lon: number;
  lat: number;
  since: Date;
  until: Date;
}

/** A reader of the parked stretches of a fleet's rentable bikes over [from, to), clipped to it. */
export type ParkedReader = (
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
) => Promise<ParkedRow[]>;

/**
 * Where the fleet's rentable bikes stood parked during the period: from each trip's end to the
 * bike's next start (or the period's end), clipped to the period. Rentable: the bike's
 * availability is AVAILABLE now (its history is not kept).
 */
export const parkedIntervals: ParkedReader = (db, fleetId, from, to) =>
  db.query<ParkedRow>(
    `SELECT lon, lat, greatest(ended_at, $2) AS since, least(coalesce(next_start, $3), $3) AS until
       FROM (SELECT round(t.end_longitude::numeric, 4)::float8 AS lon,
                    round(t.end_latitude::numeric, 4)::float8 AS lat, t.ended_at,
                    lead(t.started_at) OVER (PARTITION BY t.bike_id ORDER BY t.started_at) AS next_start
               FROM trip t JOIN bike b ON b.id = t.bike_id AND b.availability = 'AVAILABLE'
              WHERE t.fleet_id = $1 AND t.ended_at < $3 AND t.ended_at >= $2::timestamptz - interval '30 days'
                AND t.end_longitude IS NOT NULL AND t.end_latitude IS NOT NULL) p
      WHERE coalesce(next_start, $3) > $2 AND ended_at < $3`,
    [fleetId, from, to],
  );

export interface StandingBikeRow {
  id: number;
  vehicle_number: string;
  lon: number;
  lat: number;
  /** when it last moved: its last trip's end, else its last position, else its creation */
  moved_at: Date;
}

/** The fleet's rentable bikes standing now (available, parked, placed). */
export async function standingBikes(db: Queryable, fleetId: string): Promise<StandingBikeRow[]> {
  return db.query<StandingBikeRow>(
    `SELECT b.id::int AS id, b.vehicle_number, b.longitude AS lon, b.latitude AS lat,
            coalesce((SELECT max(t.ended_at) FROM trip t WHERE t.bike_id = b.id),
                     b.last_position_date, b.created_at) AS moved_at
       FROM bike b
      WHERE b.fleet_id = $1 AND b.availability = 'AVAILABLE' AND b.status = 'PARKED'
        AND b.theft_state = 'NONE' AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL`,
    [fleetId],
  );
}

export interface HourlyStartRow {
  lon: number;
  lat: number;
  hour: Date;
  n: number;
}

/** Trip starts per rounded position and hour: the forecast's training data. */
export async function hourlyStarts(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
): Promise<HourlyStartRow[]> {
  return db.query<HourlyStartRow>(
    `SELECT round(start_longitude::numeric, 4)::float8 AS lon,
            round(start_latitude::numeric, 4)::float8 AS lat,
            date_trunc('hour', started_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
            count(*)::int AS n
       FROM trip
      WHERE fleet_id = $1 AND started_at >= $2 AND started_at < $3
        AND start_longitude IS NOT NULL AND start_latitude IS NOT NULL
      GROUP BY 1, 2, 3`,
    [fleetId, from, to],
  );
}

export interface ZoneRow {
  type: ZoneType;
  geometry: unknown;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  active_hours: unknown;
}

/** The zones that steer moves: where a ride may not end (never a destination), and preferred
 *  parking (the contract's ZONE_TYPE_RULES). */
export async function steeringZones(db: Queryable, fleetId: string): Promise<ZoneRow[]> {
  return db.query<ZoneRow>(
    `SELECT type, geometry, min_lon, min_lat, max_lon, max_lat, active_hours
       FROM zone
      WHERE fleet_id = $1 AND type = ANY($2)`,
    [fleetId, STEERING_TYPES],
  );
}

export interface ForecastRow {
  trained_at: Date;
  starts_at: Date;
  resolution: number;
  cells: Array<{ cell: string; model: 'baseline' | 'regression'; hourly: number[] }>;
}

export async function selectForecast(db: Queryable, fleetId: string) {
  return queryOne<ForecastRow>(
    db,
    'SELECT trained_at, starts_at, resolution, cells FROM rebalancing_forecast WHERE fleet_id = $1',
    [fleetId],
  );
}

export async function saveForecast(db: Queryable, fleetId: string, forecast: ForecastRow) {
  await db.query(
    `INSERT INTO rebalancing_forecast (fleet_id, trained_at, starts_at, resolution, cells)
     VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (fleet_id) DO UPDATE SET trained_at = excluded.trained_at,
       starts_at = excluded.starts_at, resolution = excluded.resolution, cells = excluded.cells`,
    [
      fleetId,
      forecast.trained_at,
      forecast.starts_at,
      forecast.resolution,
      JSON.stringify(forecast.cells),
    ],
  );
}

/** The fleets with trips lately: the ones worth a forecast. */
export async function activeFleets(db: Queryable, since: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT f.id FROM fleet f WHERE EXISTS (SELECT 1 FROM trip t WHERE t.fleet_id = f.id AND t.started_at >= $1)',
    [since],
  );
  return rows.map((r) => r.id);
}
