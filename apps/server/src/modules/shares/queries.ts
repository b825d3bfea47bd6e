// SQL of shared live positions (ADR 0094). Every read of the manager's calls names
// the fleet and the bike; the public read finds a share by the hash of its token only.
import { type Queryable, queryOne } from '../../db/client';

export interface ShareRow {
  id: string;
  fleet_id: string;
  bike_id: number;
  vehicle_number: string;
  label: string | null;
  created_by: string | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  openings: number;
  last_opened_at: Date | null;
}

const COLUMNS = `s.id, s.fleet_id, s.bike_id, b.vehicle_number, s.label, s.created_by, s.created_at,
  s.expires_at, s.revoked_at, s.revoked_by, s.openings, s.last_opened_at`;

/** The bike's shares, newest first. */
export async function selectShares(
  db: Queryable,
  fleetId: string,
  bikeId: number,
  limit: number,
): Promise<ShareRow[]> {
  return db.query<ShareRow>(
    `SELECT ${COLUMNS} FROM position_share s JOIN bike b ON b.id = s.bike_id
      WHERE s.fleet_id = $1 AND s.bike_id = $2
      ORDER BY s.created_at DESC, s.id LIMIT $3`,
    [fleetId, bikeId, limit],
  );
}

export async function insertShare(
  db: Queryable,
  values: {
    fleetId: string;
    bikeId: number;
    tokenHash: string;
    label: string | null;
    createdBy: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<ShareRow> {
  const [row] = await db.query<ShareRow>(
    `WITH s AS (
       INSERT INTO position_share (fleet_id, bike_id, token_hash, label, created_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *)
     SELECT ${COLUMNS} FROM s JOIN bike b ON b.id = s.bike_id`,
    [
      values.fleetId,
      values.bikeId,
      values.tokenHash,
      values.label,
      values.createdBy,
      values.now,
      values.expiresAt,
    ],
  );
  return row!;
}

/** Revokes a share of the bike (null: no such share there); revoking twice keeps the first. */
export async function revokeShare(
  db: Queryable,
  fleetId: string,
  bikeId: number,
  id: string,
  by: string,
  now: Date,
): Promise<ShareRow | null> {
  return queryOne<ShareRow>(
    db,
    `WITH s AS (
       UPDATE position_share SET revoked_at = coalesce(revoked_at, $5),
              revoked_by = CASE WHEN revoked_at IS NULL THEN $4 ELSE revoked_by END
        WHERE fleet_id = $1 AND bike_id = $2 AND id = $3 RETURNING *)
     SELECT ${COLUMNS} FROM s JOIN bike b ON b.id = s.bike_id`,
    [fleetId, bikeId, id, by, now],
  );
}

export interface SharedBikeRow extends ShareRow {
  latitude: number | null;
  longitude: number | null;
  last_position_date: Date | null;
}

/** The share of a token hash with its bike's last position (the public read). */
export async function selectSharedPosition(
  db: Queryable,
  tokenHash: string,
): Promise<SharedBikeRow | null> {
  return queryOne<SharedBikeRow>(
    db,
    `SELECT ${COLUMNS}, b.latitude, b.longitude, b.last_position_date
       FROM position_share s JOIN bike b ON b.id = s.bike_id
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
}

export async function countOpening(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE position_share SET openings = openings + 1, last_opened_at = $2 WHERE id = $1',
    [id, now],
  );
}
