// The heat maps' rollup per H3 cell and hour (ADR 0136, migration 1090): what the queue
// rebalancing.rollup reads of one hour (trips started and ended in it by rounded position, the
// rentable bikes' parked stretches overlapping it) and writes (one hour at once, in the caller's
// transaction), and what the heat map reads back (sums over the period's hours).
import type { Queryable } from '../../../db/client';
import type { ParkedReader, ParkedRow } from './maps';

export interface RollupFleetRow {
  id: string;
  first_trip: Date;
}

/** The fleets with trips since `since`, with their first trip since then. */
export async function rollupFleets(db: Queryable, since: Date, fleetId: string | null) {
  return db.query<RollupFleetRow>(
    `SELECT f.id, t.first_trip
       FROM fleet f
       CROSS JOIN LATERAL (SELECT min(started_at) AS first_trip FROM trip
                            WHERE fleet_id = f.id AND started_at >= $1) t
      WHERE t.first_trip IS NOT NULL AND ($2::uuid IS NULL OR f.id = $2)`,
    [since, fleetId],
  );
}

/** The hours of [from, to) already computed, with whether each is final. */
export async function markedHours(db: Queryable, fleetId: string, from: Date, to: Date) {
  return db.query<{ hour: Date; final: boolean }>(
    `SELECT hour, final FROM rebalancing_rollup_hour
      WHERE fleet_id = $1 AND hour >= $2 AND hour < $3`,
    [fleetId, from, to],
  );
}

/** How many hours of [from, to) are computed. */
export async function countMarkedHours(db: Queryable, fleetId: string, from: Date, to: Date) {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rebalancing_rollup_hour
      WHERE fleet_id = $1 AND hour >= $2 AND hour < $3`,
    [fleetId, from, to],
  );
  return row?.n ?? 0;
}

/**
 * The parked stretches of the fleet's rentable bikes that overlap [from, to), clipped to it:
 * the trips that ended in it, and each bike's last trip started before it when it had ended
 * by then (within 30 days); a stretch ends at the bike's next start. The same stretches as
 * `parkedIntervals` over a period, one hour at a time: a bike's last trip by index, the next
 * starts from the hour's trips.
 */
export const parkedInHour: ParkedReader = (db, fleetId, from, to) =>
  db.query<ParkedRow>(
    `WITH ended AS (
       -- the stretches that began in the hour, each to the bike's next start
       SELECT t.end_longitude AS lon, t.end_latitude AS lat, t.ended_at,
              (SELECT min(n.started_at) FROM trip n
                WHERE n.bike_id = t.bike_id AND n.started_at > t.started_at
                  AND n.started_at < $3) AS next_start
         FROM trip t JOIN bike b ON b.id = t.bike_id AND b.availability = 'AVAILABLE'
        WHERE t.fleet_id = $1 AND t.ended_at >= $2 AND t.ended_at < $3),
     first_start AS (
       -- each bike's first start in the hour (the end of the stretch it stood in at the start)
       SELECT bike_id, min(started_at) AS next_start FROM trip
        WHERE fleet_id = $1 AND started_at >= $2 AND started_at < $3
        GROUP BY bike_id),
     standing AS (
       SELECT l.end_longitude AS lon, l.end_latitude AS lat, l.ended_at, f.next_start
         FROM bike b
         CROSS JOIN LATERAL (SELECT t.started_at, t.ended_at, t.end_longitude, t.end_latitude
                               FROM trip t WHERE t.bike_id = b.id AND t.started_at < $2
                              ORDER BY t.started_at DESC LIMIT 1) l
         LEFT JOIN first_start f ON f.bike_id = b.id
        WHERE b.fleet_id = $1 AND b.availability = 'AVAILABLE'
          AND l.ended_at < $2 AND l.ended_at >= $2::timestamptz - interval '30 days')
     SELECT round(s.lon::numeric, 4)::float8 AS lon, round(s.lat::numeric, 4)::float8 AS lat,
            greatest(s.ended_at, $2) AS since, least(coalesce(s.next_start, $3), $3) AS until
       FROM (SELECT * FROM ended UNION ALL SELECT * FROM standing) s
      WHERE s.lon IS NOT NULL AND s.lat IS NOT NULL AND coalesce(s.next_start, $3) > $2`,
    [fleetId, from, to],
  );

export interface CellHourRow {
  resolution: number;
  cell: string;
  starts: number;
  ends: number;
  supply: number;
}

/** Writes one (fleet, hour): its rows replaced, its mark set (after any other writer of it). */
export async function writeHour(
  tx: Queryable,
  fleetId: string,
  hour: Date,
  rows: CellHourRow[],
  final: boolean,
  now: Date,
) {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('rebalancing-hour:' || $1 || ':' || $2))`, [
    fleetId,
    hour.toISOString(),
  ]);
  await tx.query('DELETE FROM rebalancing_cell_hour WHERE fleet_id = $1 AND hour = $2', [
    fleetId,
    hour,
  ]);
  if (rows.length)
    await tx.query(
      `INSERT INTO rebalancing_cell_hour (fleet_id, resolution, hour, cell, starts, ends, supply)
       SELECT $1, * FROM unnest($2::smallint[], $3::timestamptz[], $4::text[], $5::int[],
              $6::int[], $7::float8[])`,
      [
        fleetId,
        rows.map((r) => r.resolution),
        rows.map(() => hour),
        rows.map((r) => r.cell),
        rows.map((r) => r.starts),
        rows.map((r) => r.ends),
        rows.map((r) => r.supply),
      ],
    );
  await markHours(tx, fleetId, [hour], final, now);
}

/** Marks hours computed (the hours before a fleet's first trip: nothing to write). */
export async function markHours(
  db: Queryable,
  fleetId: string,
  hours: Date[],
  final: boolean,
  now: Date,
) {
  if (!hours.length) return;
  await db.query(
    `INSERT INTO rebalancing_rollup_hour (fleet_id, hour, final, computed_at)
     SELECT $1, h, $3, $4 FROM unnest($2::timestamptz[]) AS h
     ON CONFLICT (fleet_id, hour) DO UPDATE SET final = excluded.final,
       computed_at = excluded.computed_at`,
    [fleetId, hours, final, now],
  );
}

export type RollupMeasure = 'starts' | 'ends' | 'supply';

/** The cells of one resolution over the hours of [from, to) that the rollup is read for. */
export interface CellWindow {
  fleetId: string;
  resolution: number;
  from: Date;
  to: Date;
}

const HOUR_FILTER = `($5::int IS NULL OR extract(hour FROM hour AT TIME ZONE 'UTC') = $5)
        AND ($6::int IS NULL OR extract(isodow FROM hour AT TIME ZONE 'UTC') = $6)`;

/** A measure summed per cell over the hours of [from, to) the filter keeps. */
export async function rollupCells(
  db: Queryable,
  { fleetId, resolution, from, to }: CellWindow,
  measure: RollupMeasure,
  hour: number | null,
  weekday: number | null,
) {
  return db.query<{ cell: string; value: number }>(
    `SELECT cell, sum(${measure})::float8 AS value
       FROM rebalancing_cell_hour
      WHERE fleet_id = $1 AND resolution = $2 AND hour >= $3 AND hour < $4
        AND ${measure} > 0 AND ${HOUR_FILTER}
      GROUP BY cell`,
    [fleetId, resolution, from, to, hour, weekday],
  );
}

/** A measure summed per hour of day and day of week over [from, to) (at most 168 rows). */
export async function rollupProfile(
  db: Queryable,
  { fleetId, resolution, from, to }: CellWindow,
  measure: RollupMeasure,
) {
  return db.query<{ hour: number; weekday: number; value: number }>(
    `SELECT extract(hour FROM hour AT TIME ZONE 'UTC')::int AS hour,
            extract(isodow FROM hour AT TIME ZONE 'UTC')::int AS weekday,
            sum(${measure})::float8 AS value
       FROM rebalancing_cell_hour
      WHERE fleet_id = $1 AND resolution = $2 AND hour >= $3 AND hour < $4 AND ${measure} > 0
      GROUP BY 1, 2`,
    [fleetId, resolution, from, to],
  );
}

/** The cells with starts where some hour of [from, to) had no rentable bike (of `hours`). */
export async function rollupGappedCells(
  db: Queryable,
  { fleetId, resolution, from, to }: CellWindow,
  hours: number,
) {
  const rows = await db.query<{ cell: string }>(
    `SELECT cell FROM rebalancing_cell_hour
      WHERE fleet_id = $1 AND resolution = $2 AND hour >= $3 AND hour < $4
      GROUP BY cell
     HAVING sum(starts) > 0 AND count(*) FILTER (WHERE supply > 0) < $5`,
    [fleetId, resolution, from, to, hours],
  );
  return rows.map((r) => r.cell);
}

/**
 * Per cell (of `cells`) and hour of week over [from, to): the trips started, and the hours some
 * rentable bike stood in the cell (for the unmet demand).
 */
export async function rollupStartsAndCover(
  db: Queryable,
  { fleetId, resolution, from, to }: CellWindow,
  cells: string[],
) {
  return db.query<{ cell: string; hour: number; weekday: number; starts: number; covered: number }>(
    `SELECT cell, extract(hour FROM hour AT TIME ZONE 'UTC')::int AS hour,
            extract(isodow FROM hour AT TIME ZONE 'UTC')::int AS weekday,
            sum(starts)::int AS starts, (count(*) FILTER (WHERE supply > 0))::int AS covered
       FROM rebalancing_cell_hour
      WHERE fleet_id = $1 AND resolution = $2 AND hour >= $3 AND hour < $4
        AND cell = ANY($5::text[])
      GROUP BY 1, 2, 3
     HAVING sum(starts) > 0`,
    [fleetId, resolution, from, to, cells],
  );
}
