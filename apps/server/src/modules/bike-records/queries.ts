// The bike-records module's SQL. Every query is bounded by the caller's fleet: it takes the fleet
// id, or the id of a bike already found in that fleet (../bikes/bike-lookup).
import { FIND_RESULT_LIMIT, WARNING_TYPES, type WarningsQuery } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { bikeFrom } from '../bikes/queries/bike-from';
import { detailColumns, listColumns, type DetailRow, type ListRow } from '../bikes/bike-view';
import { EVENT_COLUMNS, type EventRow } from '../bikes/event-view';
import { SqlParams, containsPattern } from '../bikes/sql';
import { warningBitsSql, warningConditions, warningSince } from '../bikes/queries/warnings';
import { COMMAND_COLUMNS, type CommandRow } from '../commands/queries';
import { orderBy } from '../fleet/queries';
import type { AutotestRow } from './autotest-view';

// ---- find --------------------------------------------------------------------------------

/** Exact matches of frame no., bike code (any case) or IoT code. */
export async function findExact(db: Queryable, fleetId: string, text: string) {
  const rows = await db.query<{ vehicle_number: string }>(
    `SELECT vehicle_number FROM bike
      WHERE fleet_id = $1
        AND (lower(vehicle_number) = lower($2) OR lower(bike_code) = lower($2)
             OR module_id = upper($2))
      ORDER BY vehicle_number LIMIT $3`,
    [fleetId, text, FIND_RESULT_LIMIT],
  );
  return rows.map((row) => row.vehicle_number);
}

/** Partial matches (LIKE wildcards in the text are literal). */
export async function findContaining(db: Queryable, fleetId: string, text: string) {
  const rows = await db.query<{ vehicle_number: string }>(
    `SELECT vehicle_number FROM bike
      WHERE fleet_id = $1
        AND (vehicle_number ILIKE $2 OR bike_code ILIKE $2 OR module_id ILIKE $2)
      ORDER BY vehicle_number LIMIT $3`,
    [fleetId, containsPattern(text), FIND_RESULT_LIMIT],
  );
  return rows.map((row) => row.vehicle_number);
}

// ---- the bike page -----------------------------------------------------------------------

/** Every field of the bike, its group, warnings and theft state at `now`. */
export async function bikeDetails(
  db: Queryable,
  fleetId: string,
  now: Date,
  vehicleNumber: string,
): Promise<DetailRow | undefined> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${detailColumns()} FROM ${bikeFrom('$1', '$2')}
      WHERE b.fleet_id = $1 AND lower(b.vehicle_number) = lower($3)`,
    [fleetId, now, vehicleNumber],
  );
  return row;
}

export function autotests(db: Queryable, bikeId: number, size: number) {
  return db.query<AutotestRow>(
    'SELECT ts, results FROM autotest WHERE bike_id = $1 ORDER BY ts DESC, id DESC LIMIT $2',
    [bikeId, size],
  );
}

export function commandHistory(db: Queryable, bikeId: number, now: Date, size: number) {
  return db.query<CommandRow>(
    `SELECT ${COMMAND_COLUMNS('$2')} FROM command c JOIN bike b ON b.id = c.bike_id
      WHERE c.bike_id = $1 ORDER BY c.requested_at DESC, c.id LIMIT $3`,
    [bikeId, now, size],
  );
}

export async function eventPage(
  db: Queryable,
  fleetId: string,
  bikeId: number,
  page: number,
  size: number,
): Promise<{ rows: EventRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM event e
        WHERE e.bike_id = $1 AND e.fleet_id = $2
        ORDER BY e.occurred_at DESC, e.id DESC LIMIT $3 OFFSET $4`,
      [bikeId, fleetId, size, page * size],
    ),
    db.query<{ n: number }>(
      'SELECT count(*) AS n FROM event WHERE bike_id = $1 AND fleet_id = $2',
      [bikeId, fleetId],
    ),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- warnings ----------------------------------------------------------------------------

export type WarnedRow = ListRow & { [since: `s_${string}`]: Date | null } & {
  theft_since: Date | null;
  theft_by: string | null;
};

/** A page of the fleet's bikes with a warning (of `type`, else any), with each warning's start. */
export function warnedBikes(
  db: Queryable,
  fleetId: string,
  at: Date,
  query: Required<Pick<WarningsQuery, 'page' | 'size' | 'sort'>> & Pick<WarningsQuery, 'type'>,
): Promise<WarnedRow[]> {
  const { page, size, type, sort } = query;
  const params = new SqlParams();
  const fleet = params.add(fleetId);
  const now = params.add(at);
  const since = warningSince();
  const conditions = warningConditions();
  const where = type ? conditions[type] : `${warningBitsSql()} > 0`;
  const [field, direction] = sort.split(',');
  // since: the tab's warning start, or the most recent start of the bike's warnings
  // (GREATEST skips nulls; a warning the bike does not have counts as null)
  const sinceSql = type
    ? since[type]
    : `GREATEST(${WARNING_TYPES.map((t) => `CASE WHEN ${conditions[t]} THEN ${since[t]} END`).join(', ')})`;
  const order =
    field !== 'since'
      ? orderBy(sort)
      : direction === 'asc'
        ? `${sinceSql} ASC NULLS FIRST, b.vehicle_number, b.id`
        : `${sinceSql} DESC NULLS LAST, b.vehicle_number, b.id`;
  const sinceColumns = WARNING_TYPES.map((t) => `${since[t]} AS "s_${t}"`).join(', ');
  return db.query<WarnedRow>(
    `SELECT ${listColumns()}, ${sinceColumns}, b.theft_since, b.theft_by
       FROM ${bikeFrom(fleet, now)} WHERE b.fleet_id = ${fleet} AND ${where}
      ORDER BY ${order} LIMIT ${params.add(size)} OFFSET ${params.add(page * size)}`,
    params.values,
  );
}

// ---- availability ------------------------------------------------------------------------

/** New availability of these bikes; during a reported theft the manager's latest choice is also
 * what the cancellation restores (DESIGN §7 restores the remembered availability). */
export async function setBikesAvailability(db: Queryable, bikeIds: number[], availability: string) {
  await db.query(
    `UPDATE bike SET availability = $2, updated_at = now(),
            theft_previous_availability = CASE WHEN theft_state = 'REPORTED'
              THEN $2 ELSE theft_previous_availability END
      WHERE id = ANY($1::bigint[])`,
    [bikeIds, availability],
  );
}

// ---- theft -------------------------------------------------------------------------------

export interface TheftRow {
  id: number;
  vehicle_number: string;
  module_id: string | null;
  availability: string;
  iot_mode: string | null;
  theft_state: string;
  theft_since: Date | null;
  theft_by: string | null;
  theft_previous_availability: string | null;
  theft_previous_mode: string | null;
}

export const THEFT_COLUMNS = `id, vehicle_number, module_id, availability, iot_mode, theft_state,
  theft_since, theft_by, theft_previous_availability, theft_previous_mode`;

/** Reported: availability and mode remembered, out of service, any suspicion cleared. */
export async function markTheftReported(
  db: Queryable,
  bikeId: number,
  at: Date,
  by: string,
): Promise<TheftRow> {
  const [row] = await db.query<TheftRow>(
    `UPDATE bike SET theft_state = 'REPORTED', theft_since = $2, theft_by = $3,
            theft_previous_availability = availability, theft_previous_mode = iot_mode,
            availability = 'OUT', suspected_theft_since = NULL, updated_at = now()
      WHERE id = $1 RETURNING ${THEFT_COLUMNS}`,
    [bikeId, at, by],
  );
  return row!;
}

/** Cancelled: the remembered availability comes back. */
export async function markTheftCancelled(db: Queryable, bikeId: number): Promise<TheftRow> {
  const [row] = await db.query<TheftRow>(
    `UPDATE bike SET theft_state = 'NONE', theft_since = NULL, theft_by = NULL,
            availability = coalesce(theft_previous_availability, availability),
            theft_previous_availability = NULL, theft_previous_mode = NULL,
            suspected_theft_since = NULL, updated_at = now()
      WHERE id = $1 RETURNING ${THEFT_COLUMNS}`,
    [bikeId],
  );
  return row!;
}

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
