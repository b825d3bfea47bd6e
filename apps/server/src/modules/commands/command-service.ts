// THE COMMAND OUTBOX (docs/architecture.md "Commands"): a command is sent by INSERTing a
// PENDING `command` row (expires_at = now + 24 h), setting the bike's pending flag and
// `pg_notify('vfm_command', id)` in the same transaction (delivered at commit). The dispatcher
// of the ingest process publishes it to the module (src/ingest/dispatcher.ts) — on that
// notification, when the module (re)connects, and periodically as a safety net. Any service
// (theft reports, bulk commands) sends commands through enqueueCommands().
import { COMMAND_TTL_HOURS, type Command, type CommandType, type EventName } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import * as q from './queries';
import type { CommandRow } from './queries';
import type { FleetChanges } from '../bikes/fleet-changes';
import { recordEvents } from '../events/queries';

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
  /** the user's e-mail (or RIDER, or ZONE:<name>) — recorded on the command and its audit event */
  requestedBy: string;
  /** a zone's automatic command (docs/zones.md): the event's source is ZONE, and names the zone */
  source?: 'ZONE';
  zone?: { id: string; name: string };
  now: Date;
  /** collects 'bike', 'command', 'event' for the caller's single fleet notification */
  changes?: FleetChanges;
}

/** DESIGN §7: every command is an event of the bike's history with the user's e-mail. */
export function commandEventName(type: CommandType, value: string): EventName {
  if (type === 'LOCK_CONTROL')
    return value === 'true' ? 'ASSISTANCE_LOCKED' : 'ASSISTANCE_UNLOCKED';
  if (type === 'ALARM') return value === 'true' ? 'ALARM_ON' : 'ALARM_OFF';
  if (type === 'SPEED_LIMIT') return 'SPEED_LIMIT_SET';
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
  const rows = await q.insertCommands(tx, { ...input, value, expiresAt });
  const numbers = new Map(input.bikes.map((bike) => [bike.bikeId, bike.vehicleNumber]));
  for (const row of rows) row.vehicle_number = numbers.get(row.bike_id) ?? '';
  const bikeIds = rows.map((row) => row.bike_id);
  await q.setPendingFlag(tx, bikeIds, input.type);
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
      source: byRider ? 'RIDER' : (input.source ?? 'MANAGER'),
      userEmail: byRider || input.source ? null : input.requestedBy,
      data: {
        commandId: row.id,
        type: input.type,
        value,
        ...(input.zone ? { zone: input.zone } : {}),
      },
      occurredAt: input.now,
    })),
  );
  await q.notifyCommands(
    tx,
    rows.map((row) => row.id),
  );
  input.changes?.add(input.fleetId, 'bike', 'command', 'event');
  return rows;
}

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
