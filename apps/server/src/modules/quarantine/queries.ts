// SQL of the ingest quarantine (docs/operations.md): module messages the ingest could not store for a
// reason of their own, kept with that reason for the fleet's administrators.
import type { QuarantinedMessage, UpKind } from '@vfm/contract';
import { jsonRecords, type Queryable } from '../../db/client';

export interface QuarantineEntry {
  moduleId: string;
  kind: UpKind;
  /** the message as received (UTF-8 JSON text) */
  payload: string;
  reason: string;
  receivedAt: Date;
}

interface QuarantineRow {
  id: number;
  bike_id: string | null;
  module_id: string;
  vehicle_number: string | null;
  kind: UpKind;
  payload: string;
  reason: string;
  received_at: Date;
  quarantined_at: Date;
  attempts: number;
}

/** The reason as stored: one line, bounded (an error message may quote the whole payload). */
export const MAX_REASON_LENGTH = 500;

/** Keeps the messages, each under the fleet and bike carrying its module (if any), once (a
 *  redelivered message is already there); answers the fleets whose quarantine grew. */
export async function insertQuarantined(
  db: Queryable,
  entries: readonly QuarantineEntry[],
): Promise<string[]> {
  if (!entries.length) return [];
  const rows = await db.query<{ fleet_id: string | null }>(
    `INSERT INTO ingest_quarantine (fleet_id, bike_id, module_id, kind, payload, reason,
                                   received_at)
     SELECT (SELECT b.fleet_id FROM bike b WHERE b.module_id = q.module_id),
            (SELECT b.id FROM bike b WHERE b.module_id = q.module_id), q.module_id, q.kind,
            q.payload, q.reason, q.received_at
       FROM json_to_recordset($1::json)
         AS q(module_id text, kind text, payload text, reason text, received_at timestamptz)
     ON CONFLICT (module_id, kind, md5(payload)) DO NOTHING
     RETURNING fleet_id`,
    [
      jsonRecords(entries, (entry) => ({
        module_id: entry.moduleId,
        kind: entry.kind,
        payload: entry.payload,
        reason: entry.reason.slice(0, MAX_REASON_LENGTH),
        received_at: entry.receivedAt.toISOString(),
      })),
    ],
  );
  return [...new Set(rows.flatMap((row) => (row.fleet_id ? [row.fleet_id] : [])))];
}

const SELECT_ROWS = `
  SELECT q.id, q.bike_id, q.module_id, b.vehicle_number, q.kind, q.payload, q.reason, q.received_at,
         q.quarantined_at, q.attempts
    FROM ingest_quarantine q
    LEFT JOIN bike b ON b.module_id = q.module_id AND b.fleet_id = q.fleet_id`;

const toMessage = (row: QuarantineRow): QuarantinedMessage => ({
  id: Number(row.id),
  moduleId: row.module_id,
  vehicleNumber: row.vehicle_number,
  kind: row.kind,
  payload: row.payload,
  reason: row.reason,
  receivedAt: row.received_at.toISOString(),
  quarantinedAt: row.quarantined_at.toISOString(),
  attempts: Number(row.attempts),
});

/** A page of the fleet's quarantine, newest first, and the fleet's total. */
export async function selectQuarantinePage(
  db: Queryable,
  fleetId: string,
  page: number,
  size: number,
): Promise<{ content: QuarantinedMessage[]; total: number }> {
  const rows = await db.query<QuarantineRow>(
    `${SELECT_ROWS} WHERE q.fleet_id = $1 ORDER BY q.id DESC LIMIT $2 OFFSET $3`,
    [fleetId, size, page * size],
  );
  return { content: rows.map(toMessage), total: await countQuarantined(db, fleetId) };
}

/** How many messages of the fleet are in the quarantine (the list's total, the stream's count). */
export async function countQuarantined(db: Queryable, fleetId: string): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM ingest_quarantine WHERE fleet_id = $1',
    [fleetId],
  );
  return Number(row?.total ?? 0);
}

/** One message of the fleet's quarantine, its row locked until the end of the transaction, with
 *  the bike that carried its module then (null: unknown, a row kept before it was recorded). */
export async function selectQuarantinedForUpdate(db: Queryable, fleetId: string, id: number) {
  const [row] = await db.query<QuarantineRow>(
    `${SELECT_ROWS} WHERE q.fleet_id = $1 AND q.id = $2 FOR UPDATE OF q`,
    [fleetId, id],
  );
  return row
    ? { ...toMessage(row), bikeId: row.bike_id === null ? null : Number(row.bike_id) }
    : null;
}

export interface ModuleCarrier {
  bikeId: number;
  fleetId: string;
  vehicleNumber: string;
}

/** The bike carrying the module now, locked until the end of the transaction (the lock the
 *  ingest's writer takes): the module cannot move meanwhile. */
export async function selectModuleCarrierForUpdate(
  db: Queryable,
  moduleId: string,
): Promise<ModuleCarrier | null> {
  const [row] = await db.query<{ id: string; fleet_id: string; vehicle_number: string }>(
    'SELECT id, fleet_id, vehicle_number FROM bike WHERE module_id = $1 FOR NO KEY UPDATE',
    [moduleId],
  );
  return row
    ? { bikeId: Number(row.id), fleetId: row.fleet_id, vehicleNumber: row.vehicle_number }
    : null;
}

export async function deleteQuarantined(db: Queryable, fleetId: string, id: number) {
  await db.query('DELETE FROM ingest_quarantine WHERE fleet_id = $1 AND id = $2', [fleetId, id]);
}

/** A retry failed again: its reason and count of attempts. */
export async function recordFailedAttempt(db: Queryable, id: number, reason: string) {
  await db.query(
    'UPDATE ingest_quarantine SET attempts = attempts + 1, reason = $2 WHERE id = $1',
    [id, reason.slice(0, MAX_REASON_LENGTH)],
  );
}
