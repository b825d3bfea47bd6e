// SQL of the track export (ADR 0095): a bike's stored positions of a period in
// keyset batches (ts, seq) — a month of positions never sits in memory, and no transaction
// stays open while a slow client downloads — and one trip by its start.
import { type Queryable, queryOne } from '../../db/client';

export interface TrackPointRow {
  ts: Date;
  seq: string;
  latitude: number;
  longitude: number;
  speed_kmh: number | null;
}

/** The next batch of positions of the bike in [from, to), after `after`, oldest first. */
export function trackBatch(
  db: Queryable,
  bikeId: number,
  from: Date,
  to: Date,
  after: { ts: Date; seq: string } | null,
  size: number,
): Promise<TrackPointRow[]> {
  return db.query<TrackPointRow>(
    `SELECT ts, seq::text AS seq, latitude, longitude, speed_kmh
       FROM telemetry
      WHERE bike_id = $1 AND ts >= $2 AND ts < $3
        AND latitude IS NOT NULL AND longitude IS NOT NULL
        AND ($4::timestamptz IS NULL OR (ts, seq) > ($4::timestamptz, $5::bigint))
      ORDER BY ts, seq
      LIMIT $6`,
    [bikeId, from, to, after?.ts ?? null, after?.seq ?? null, size],
  );
}

export async function tripStartingAt(
  db: Queryable,
  bikeId: number,
  startedAt: Date,
): Promise<{ started_at: Date; ended_at: Date } | null> {
  return queryOne<{ started_at: Date; ended_at: Date }>(
    db,
    'SELECT started_at, ended_at FROM trip WHERE bike_id = $1 AND started_at = $2 LIMIT 1',
    [bikeId, startedAt],
  );
}
