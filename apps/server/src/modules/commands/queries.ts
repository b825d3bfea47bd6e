// The commands module's SQL: the outbox's statements (command-service.ts is the contract other
// modules and the ingest call) and the alert acknowledgement.
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

/** Delivered by PostgreSQL at commit: the dispatcher publishes the commands then. */
export async function notifyCommands(db: Queryable, commandIds: string[]) {
  await db.query(`SELECT pg_notify('${COMMAND_CHANNEL}', id) FROM unnest($1::text[]) AS id`, [
    commandIds,
  ]);
}

/** Pending flags = "a command of that type is still PENDING" (after acks and expiry). */
export async function refreshPendingFlags(tx: Pick<TxQuery, 'query'>, bikeIds: number[]) {
  if (!bikeIds.length) return;
  await tx.query(
    `UPDATE bike b SET
       lock_control_pending = EXISTS (SELECT 1 FROM command c WHERE c.bike_id = b.id
                                        AND c.status = 'PENDING' AND c.type = 'LOCK_CONTROL'),
       alarm_pending = EXISTS (SELECT 1 FROM command c WHERE c.bike_id = b.id
                                 AND c.status = 'PENDING' AND c.type = 'ALARM'),
       mode_pending = EXISTS (SELECT 1 FROM command c WHERE c.bike_id = b.id
                                AND c.status = 'PENDING' AND c.type = 'MODE'),
       speed_limit_pending = EXISTS (SELECT 1 FROM command c WHERE c.bike_id = b.id
                                       AND c.status = 'PENDING' AND c.type = 'SPEED_LIMIT'),
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

export interface AlertRow {
  id: number;
  bike_id: number | null;
  vehicle_number: string | null;
  name: string;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
}

/** An event of the fleet, locked for the acknowledgement. */
export async function lockFleetEvent(
  db: Queryable,
  fleetId: string,
  eventId: number,
): Promise<AlertRow | undefined> {
  const [event] = await db.query<AlertRow>(
    `SELECT id, bike_id, vehicle_number, name, acknowledged_at, acknowledged_by
       FROM event WHERE id = $1 AND fleet_id = $2 FOR UPDATE`,
    [eventId, fleetId],
  );
  return event;
}

interface Acknowledgement {
  at: Date;
  email: string;
}

/** Every open alert of the bike is acknowledged with the one the manager chose. */
export async function acknowledgeBikeAlerts(
  db: Queryable,
  fleetId: string,
  bikeId: number,
  names: string[],
  by: Acknowledgement,
): Promise<void> {
  await db.query(
    `UPDATE event SET acknowledged_at = $3, acknowledged_by = $4
      WHERE bike_id = $1 AND fleet_id = $2 AND name = ANY($5::text[]) AND acknowledged_at IS NULL`,
    [bikeId, fleetId, by.at, by.email, names],
  );
}

export async function acknowledgeEvent(
  db: Queryable,
  eventId: number,
  by: Acknowledgement,
): Promise<void> {
  await db.query('UPDATE event SET acknowledged_at = $2, acknowledged_by = $3 WHERE id = $1', [
    eventId,
    by.at,
    by.email,
  ]);
}

/** DESIGN §7: an acknowledged alert ends the bike's suspected theft (a reported one stays). */
export async function endSuspectedTheft(db: Queryable, bikeId: number): Promise<void> {
  await db.query(
    `UPDATE bike SET suspected_theft_since = NULL,
            theft_state = CASE WHEN theft_state = 'SUSPECTED' THEN 'NONE' ELSE theft_state END,
            theft_since = CASE WHEN theft_state = 'SUSPECTED' THEN NULL ELSE theft_since END,
            theft_by = CASE WHEN theft_state = 'SUSPECTED' THEN NULL ELSE theft_by END,
            updated_at = now()
      WHERE id = $1`,
    [bikeId],
  );
}
