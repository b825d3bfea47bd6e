// SQL of the open-data settings (ADR 0083): a fleet's publication row and what the
// settings form needs to know of the fleet (its name, its bike models).
import type { OpenDataSettings } from '@vfm/contract';
import { type Queryable, queryOne } from '../../db/client';

export interface PublicationRow {
  fleet_id: string;
  system_id: string;
  published: boolean;
  settings: OpenDataSettings;
  updated_at: Date;
}

const COLUMNS = 'fleet_id, system_id, published, settings, updated_at';

export async function selectPublication(
  db: Queryable,
  fleetId: string,
  { forUpdate = false } = {},
): Promise<PublicationRow | null> {
  return queryOne<PublicationRow>(
    db,
    `SELECT ${COLUMNS} FROM open_data_publication WHERE fleet_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [fleetId],
  );
}

/** Writes the fleet's publication (created with its system id at the first save). */
export async function upsertPublication(
  db: Queryable,
  fleetId: string,
  systemId: string,
  settings: OpenDataSettings,
  now: Date,
): Promise<PublicationRow> {
  const [row] = await db.query<PublicationRow>(
    `INSERT INTO open_data_publication (fleet_id, system_id, published, settings, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (fleet_id) DO UPDATE
       SET published = EXCLUDED.published, settings = EXCLUDED.settings,
           updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [fleetId, systemId, settings.published, JSON.stringify(settings), now],
  );
  return row!;
}

export async function selectFleetName(db: Queryable, fleetId: string): Promise<string | null> {
  const [row] = await db.query<{ name: string }>('SELECT name FROM fleet WHERE id = $1', [fleetId]);
  return row?.name ?? null;
}

/** The distinct bike models of a fleet (at most 100), in order. */
export async function selectFleetModels(db: Queryable, fleetId: string): Promise<string[]> {
  const rows = await db.query<{ model: string }>(
    'SELECT DISTINCT model FROM bike WHERE fleet_id = $1 ORDER BY model LIMIT 100',
    [fleetId],
  );
  return rows.map((row) => row.model);
}

/** Whether a system id is taken (by any fleet). */
export async function systemIdTaken(db: Queryable, systemId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM open_data_publication WHERE system_id = $1', [
    systemId,
  ]);
  return rows.length > 0;
}
