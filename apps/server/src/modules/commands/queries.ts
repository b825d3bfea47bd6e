// The commands module's SQL: every write of a command's state — created (insertCommands),
// claimed and released for delivery, acknowledged or failed, expired, and the demo's past
// commands — and the pending flags they drive (the alert acknowledgement's SQL is in
// queries/acknowledgements.ts). Only this file writes the `command` table (command-service.ts and lifecycle.ts are what other modules,
// the ingest and the worker call; docs/architecture.md "The command life cycle").
import type { CommandStatus, CommandType } from '@vfm/contract';
import type { Queryable, TxQuery } from '../../db/client';

export const COMMAND_CHANNEL = 'vfm_command';

export interface CommandRow {
  id: string;
  fleet_id: string;
  bike_id: number;
  vehicle_number: string;
  type: CommandType;
  value: string;
  status: CommandStatus;
  requested_by: string;
  requested_at: Date;
  acknowledged_at: Date | null;
  expires_at: Date;
  detail: string | null;
}

const PENDING_FLAG: Record<CommandType, string> = {
  LOCK_CONTROL: 'lock_control_pending',
  ALARM: 'alarm_pending',
  MODE: 'mode_pending',
  SPEED_LIMIT: 'speed_limit_pending',
};

/** One PENDING command per bike. */
export function insertCommands(
  db: Queryable,
  input: {
    fleetId: string;
    bikes: Array<{ bikeId: number }>;
    type: CommandType;
    value: string;
    requestedBy: string;
    now: Date;
    expiresAt: Date;
  },
) {
  return db.query<CommandRow>(
    `INSERT INTO command (fleet_id, bike_id, type, value, requested_by, requested_at, expires_at)
     SELECT $1, bike_id, $3, $4, $5, $6, $7 FROM unnest($2::bigint[]) AS bike_id
     RETURNING id, fleet_id, bike_id, type, value, status, requested_by, requested_at,
               acknowledged_at, expires_at, detail`,
    [
      input.fleetId,
      input.bikes.map((bike) => bike.bikeId),
      input.type,
      input.value,
      input.requestedBy,
      input.now,
      input.expiresAt,
    ],
  );
}

export async function setPendingFlag(db: Queryable, bikeIds: number[], type: CommandType) {
  await db.query(
    `UPDATE bike SET ${PENDING_FLAG[type]} = true, updated_at = now() WHERE id = ANY($1::bigint[])`,
    [bikeIds],
  );
}

/** A command claimed for delivery: what its module is sent. */
export interface ClaimedCommandRow {
  id: string;
  module_id: string;
  type: CommandType;
  value: string;
  requested_at: Date;
  expires_at: Date;
}

/**
 * Claims (sent_at = at) the PENDING, unexpired commands not replaced by a newer one of their
 * type for their bike and not published since resendBefore — or,
 * for a module of backModules, not published since backSince (the same index: when it came
 * back) — among these ids / modules / online modules (null: any), so that one dispatcher sends each.
 */
export function claimCommands(
  db: Queryable,
  input: {
    at: Date;
    resendBefore: Date;
    ids: string[] | null;
    moduleIds: string[] | null;
    online: string[] | null;
    backModules: string[];
    backSince: Date[];
  },
) {
  return db.query<ClaimedCommandRow>(
    `UPDATE command c SET sent_at = $1
       FROM bike b
       LEFT JOIN unnest($6::text[], $7::timestamptz[]) AS back(module_id, since)
         ON back.module_id = b.module_id
      WHERE b.id = c.bike_id AND c.status = 'PENDING' AND c.expires_at > $1
        AND (c.sent_at IS NULL OR c.sent_at < greatest($2, back.since))
        AND ($3::uuid[] IS NULL OR c.id = ANY($3::uuid[]))
        AND ($4::text[] IS NULL OR b.module_id = ANY($4::text[]))
        AND b.module_id IS NOT NULL
        AND ($5::text[] IS NULL OR b.module_id = ANY($5::text[]))
        -- a newer command of its type replaced it (every type sets a state): sending it again
        -- could undo the newer one at the module (command_bike_time_idx)
        AND NOT EXISTS (SELECT 1 FROM command n
                         WHERE n.bike_id = c.bike_id AND n.type = c.type
                           AND n.requested_at > c.requested_at)
      RETURNING c.id, b.module_id, c.type, c.value, c.requested_at, c.expires_at`,
    [
      input.at,
      input.resendBefore,
      input.ids,
      input.moduleIds,
      input.online,
      input.backModules,
      input.backSince,
    ],
  );
}

/** A claim whose publication failed is released: the next sweep sends it again. */
export async function releaseClaim(db: Queryable, commandId: string): Promise<void> {
  await db.query('UPDATE command SET sent_at = NULL WHERE id = $1 AND status = $2', [
    commandId,
    'PENDING',
  ]);
}

/** The PENDING, unexpired commands of these bikes not published since resendBefore. */
export async function dueCommandIds(
  db: Queryable,
  bikeIds: number[],
  now: Date,
  resendBefore: Date,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM command
      WHERE bike_id = ANY($1::bigint[]) AND status = 'PENDING' AND expires_at > $2
        AND (sent_at IS NULL OR sent_at < $3)`,
    [bikeIds, now, resendBefore],
  );
  return rows.map((row) => row.id);
}

/** A module's answer to a command of its bike. */
export interface AckRecord {
  id: string;
  bike_id: number;
  status: 'ACKNOWLEDGED' | 'FAILED';
  /** ISO time of the ack */
  ts: string;
  detail: string | null;
}

export interface AckedCommandRow {
  id: string;
  bike_id: number;
  type: CommandType;
  value: string;
  status: 'ACKNOWLEDGED' | 'FAILED';
}

/** PENDING → ACKNOWLEDGED / FAILED in one statement for a whole batch; a command already
 * answered (or another bike's) is left as it is and not returned. */
export function applyAcks(db: Queryable, acks: AckRecord[]) {
  return db.query<AckedCommandRow>(
    `UPDATE command c SET status = a.status, acknowledged_at = a.ts, detail = a.detail
       FROM (SELECT DISTINCT ON (id) * FROM json_to_recordset($1::json)
               AS x(id uuid, bike_id bigint, status text, ts timestamptz, detail text)) a
      WHERE c.id = a.id AND c.bike_id = a.bike_id AND c.status = 'PENDING'
      RETURNING c.id, c.bike_id, c.type, c.value, c.status`,
    [JSON.stringify(acks)],
  );
}

export interface ExpiredCommandRow {
  id: string;
  bike_id: number;
  fleet_id: string;
  type: CommandType;
  vehicle_number: string;
}

/** PENDING commands whose expires_at has come → EXPIRED. */
export function expireOverdue(db: Queryable, now: Date) {
  return db.query<ExpiredCommandRow>(
    `UPDATE command c SET status = 'EXPIRED'
       FROM bike b
      WHERE b.id = c.bike_id AND c.status = 'PENDING' AND c.expires_at <= $1
      RETURNING c.id, c.bike_id, c.fleet_id, c.type, b.vehicle_number`,
    [now],
  );
}

/** The demo's past commands, already answered (src/demo/history-seed.ts): sent when asked. */
export async function insertPastCommands(
  db: Queryable,
  fleetId: string,
  requestedBy: string,
  rows: Array<{
    bike_id: number;
    type: CommandType;
    value: string;
    status: CommandStatus;
    r: Date;
    a: Date | null;
  }>,
): Promise<void> {
  await db.query(
    `INSERT INTO command (fleet_id, bike_id, type, value, status, requested_by, requested_at, sent_at,
                          acknowledged_at, expires_at)
     SELECT $2::uuid, bike_id, type, value, status, $3, r, r, a, r + interval '24 hours'
       FROM json_to_recordset($1::json) AS c(bike_id bigint, type text, value text, status text,
            r timestamptz, a timestamptz)`,
    [JSON.stringify(rows), fleetId, requestedBy],
  );
}

/** Delivered by PostgreSQL at commit: the dispatcher publishes the commands then. */
export async function notifyCommands(db: Queryable, commandIds: string[]) {
  await db.query(`SELECT pg_notify('${COMMAND_CHANNEL}', id) FROM unnest($1::text[]) AS id`, [
    commandIds,
  ]);
}

/**
 * Pending flags = "the newest command of that type is still PENDING" (after acks and expiry): an
 * older one a newer replaced is never sent again (claimCommands) and does not keep the flag up
 * until it expires.
 */
export async function refreshPendingFlags(tx: Pick<TxQuery, 'query'>, bikeIds: number[]) {
  if (!bikeIds.length) return;
  const newestPending = (type: CommandType) =>
    `coalesce((SELECT c.status = 'PENDING' FROM command c WHERE c.bike_id = b.id
                 AND c.type = '${type}' ORDER BY c.requested_at DESC LIMIT 1), false)`;
  await tx.query(
    `UPDATE bike b SET
       lock_control_pending = ${newestPending('LOCK_CONTROL')},
       alarm_pending = ${newestPending('ALARM')},
       mode_pending = ${newestPending('MODE')},
       speed_limit_pending = ${newestPending('SPEED_LIMIT')},
       updated_at = now()
     WHERE b.id = ANY($1::bigint[])`,
    [bikeIds],
  );
}

/**
 * Columns of `command c JOIN bike b` as a CommandRow. A PENDING command past its expiry reads
 * EXPIRED even before the expirer marks it (DESIGN §7). `now`: SQL placeholder of the time.
 */
export const COMMAND_COLUMNS = (now: string) => `c.id, c.fleet_id, c.bike_id, b.vehicle_number,
  c.type, c.value,
  CASE WHEN c.status = 'PENDING' AND c.expires_at < ${now}::timestamptz THEN 'EXPIRED'
       ELSE c.status END AS status,
  c.requested_by, c.requested_at, c.acknowledged_at, c.expires_at, c.detail`;
