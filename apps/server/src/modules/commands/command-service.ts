// THE COMMAND OUTBOX (docs/architecture.md "Commands"): a command is sent by INSERTing a
// PENDING `command` row (expires_at = now + 24 h), setting the bike's pending flag and
// `pg_notify('vfm_command', id)` in the same transaction (delivered at commit). The dispatcher
// of the ingest process publishes it to the module (src/ingest/dispatcher.ts) — on that
// notification, when the module (re)connects, and periodically as a safety net. Any service
// (theft reports, bulk commands) sends commands through enqueueCommands().
import {
  COMMAND_TTL_HOURS,
  type Command,
  type CommandStatus,
  type CommandType,
  type EventName,
} from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import type { FleetChanges } from '../bikes/fleet-changes';
import { recordEvents } from '../events/queries';

export const COMMAND_CHANNEL = 'vfm_command';
/** requestedBy of the commands a rider's theft declaration causes (DESIGN §7) */
export const RIDER = 'RIDER';

export interface CommandTarget {
  bikeId: number;
  vehicleNumber: string;
}

export interface EnqueueCommandsInput {
  fleetId: string;
  bikes: CommandTarget[];
  type: CommandType;
  /** true/false for LOCK_CONTROL and ALARM, a mode name for MODE */
  value: boolean | string;
  /** the user's e-mail (or RIDER) — recorded on the command and its audit event */
  requestedBy: string;
  now: Date;
  /** collects 'bike', 'command', 'event' for the caller's single fleet notification */
  changes?: FleetChanges;
}

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
};

/** DESIGN §7: every command is an event of the bike's history with the user's e-mail. */
export function commandEventName(type: CommandType, value: string): EventName {
  if (type === 'LOCK_CONTROL')
    return value === 'true' ? 'ASSISTANCE_LOCKED' : 'ASSISTANCE_UNLOCKED';
  if (type === 'ALARM') return value === 'true' ? 'ALARM_ON' : 'ALARM_OFF';
  return 'MODE_CHANGED';
}

/** Inserts one PENDING command per bike (the outbox) with its audit event; see file header. */
export async function enqueueCommands(
  tx: TxQuery,
  input: EnqueueCommandsInput,
): Promise<CommandRow[]> {
  if (!input.bikes.length) return [];
  const value = String(input.value);
  const expiresAt = new Date(input.now.getTime() + COMMAND_TTL_HOURS * 3_600_000);
  const rows = await tx.query<CommandRow>(
    `INSERT INTO command (fleet_id, bike_id, type, value, requested_by, requested_at, expires_at)
     SELECT $1, bike_id, $3, $4, $5, $6, $7 FROM unnest($2::bigint[]) AS bike_id
     RETURNING id, fleet_id, bike_id, type, value, status, requested_by, requested_at,
               acknowledged_at, expires_at, detail`,
    [
      input.fleetId,
      input.bikes.map((bike) => bike.bikeId),
      input.type,
      value,
      input.requestedBy,
      input.now,
      expiresAt,
    ],
  );
  const numbers = new Map(input.bikes.map((bike) => [bike.bikeId, bike.vehicleNumber]));
  for (const row of rows) row.vehicle_number = numbers.get(row.bike_id) ?? '';
  const bikeIds = rows.map((row) => row.bike_id);
  await tx.query(
    `UPDATE bike SET ${PENDING_FLAG[input.type]} = true, updated_at = now() WHERE id = ANY($1::bigint[])`,
    [bikeIds],
  );
  const byRider = input.requestedBy === RIDER;
  const name = commandEventName(input.type, value);
  await recordEvents(
    tx,
    rows.map((row) => ({
      fleetId: input.fleetId,
      bikeId: row.bike_id,
      vehicleNumber: row.vehicle_number,
      type: 'PRODUCT',
      name,
      source: byRider ? 'RIDER' : 'MANAGER',
      userEmail: byRider ? null : input.requestedBy,
      data: { commandId: row.id, type: input.type, value },
      occurredAt: input.now,
    })),
  );
  await tx.query(`SELECT pg_notify('${COMMAND_CHANNEL}', id) FROM unnest($1::text[]) AS id`, [
    rows.map((row) => row.id),
  ]);
  input.changes?.add(input.fleetId, 'bike', 'command', 'event');
  return rows;
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

export function toCommand(row: CommandRow): Command {
  return {
    id: row.id,
    vehicleNumber: row.vehicle_number,
    type: row.type,
    value: row.value,
    status: row.status,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at.toISOString(),
    acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
    expiresAt: row.expires_at.toISOString(),
    detail: row.detail,
  };
}
