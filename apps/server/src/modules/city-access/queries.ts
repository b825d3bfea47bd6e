// SQL of city access to MDS (ADR 0085): a fleet's city clients and the log of
// their pulls. Every read names the fleet, except the token endpoint's lookup by client id.
import { type Queryable, queryOne } from '../../db/client';

export interface CityClientRow {
  id: string;
  fleet_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  created_by: string | null;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const COLUMNS =
  'id, fleet_id, name, client_id, secret_hash, created_by, created_at, expires_at, revoked_at, last_used_at';

export async function selectClients(db: Queryable, fleetId: string): Promise<CityClientRow[]> {
  return db.query<CityClientRow>(
    `SELECT ${COLUMNS} FROM mds_client WHERE fleet_id = $1 ORDER BY created_at DESC, id LIMIT 500`,
    [fleetId],
  );
}

export async function selectClientByClientId(
  db: Queryable,
  clientId: string,
): Promise<CityClientRow | null> {
  return queryOne<CityClientRow>(db, `SELECT ${COLUMNS} FROM mds_client WHERE client_id = $1`, [
    clientId,
  ]);
}

export async function selectClient(db: Queryable, id: string): Promise<CityClientRow | null> {
  const [row] = await db.query<CityClientRow>(`SELECT ${COLUMNS} FROM mds_client WHERE id = $1`, [
    id,
  ]);
  return row ?? null;
}

export async function clientIdTaken(db: Queryable, clientId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM mds_client WHERE client_id = $1', [clientId])).length > 0;
}

export async function insertClient(
  db: Queryable,
  values: {
    fleetId: string;
    name: string;
    clientId: string;
    secretHash: string;
    createdBy: string | null;
    expiresAt: Date | null;
    now: Date;
  },
): Promise<CityClientRow> {
  const [row] = await db.query<CityClientRow>(
    `INSERT INTO mds_client (fleet_id, name, client_id, secret_hash, created_by, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      values.fleetId,
      values.name,
      values.clientId,
      values.secretHash,
      values.createdBy,
      values.expiresAt,
      values.now,
    ],
  );
  return row!;
}

/** Revokes a client of the fleet (null: not in this fleet); revoking twice keeps the first time. */
export async function revokeClient(
  db: Queryable,
  fleetId: string,
  id: string,
  now: Date,
): Promise<CityClientRow | null> {
  return queryOne<CityClientRow>(
    db,
    `UPDATE mds_client SET revoked_at = coalesce(revoked_at, $3)
      WHERE fleet_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [fleetId, id, now],
  );
}

export async function touchClient(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('UPDATE mds_client SET last_used_at = $2 WHERE id = $1', [id, now]);
}

export async function insertAccess(
  db: Queryable,
  entry: {
    fleetId: string;
    clientId: string;
    path: string;
    status: number;
    rows: number | null;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO mds_access_log (fleet_id, client_id, path, status, row_count, at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [entry.fleetId, entry.clientId, entry.path.slice(0, 500), entry.status, entry.rows, entry.at],
  );
}

export interface AccessRow {
  at: Date;
  client_id: string;
  client_name: string;
  path: string;
  status: number;
  row_count: number | null;
}

export async function selectAccess(
  db: Queryable,
  fleetId: string,
  limit: number,
  clientId?: string,
): Promise<AccessRow[]> {
  return db.query<AccessRow>(
    `SELECT l.at, c.client_id, c.name AS client_name, l.path, l.status, l.row_count
       FROM mds_access_log l JOIN mds_client c ON c.id = l.client_id
      WHERE l.fleet_id = $1 AND ($3::uuid IS NULL OR l.client_id = $3::uuid)
      ORDER BY l.at DESC, l.id DESC LIMIT $2`,
    [fleetId, limit, clientId ?? null],
  );
}

export async function selectProviderId(db: Queryable, fleetId: string): Promise<string | null> {
  const [row] = await db.query<{ mds_provider_id: string }>(
    'SELECT mds_provider_id FROM fleet WHERE id = $1',
    [fleetId],
  );
  return row?.mds_provider_id ?? null;
}

/** Deletes access-log rows older than `before` (housekeeping). */
export async function deleteAccessBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM mds_access_log WHERE at < $1', [before]);
}
