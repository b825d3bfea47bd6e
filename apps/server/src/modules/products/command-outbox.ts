// The command outbox contract (IoT dispatcher): a PENDING command row, the bike's pending flag,
// and after the commit pg_notify('vfm_command', id); the dispatcher publishes it to the module.
// Kept tiny on purpose: the shared modules/commands/command-service.ts replaces it at merge.
import { COMMAND_TTL_HOURS, type IotMode } from '@vfm/contract';
import type { Database, TxQuery } from '../../db/client';

export const COMMAND_CHANNEL = 'vfm_command';

export interface ModeCommand {
  fleetId: string;
  bikeId: number;
  mode: IotMode;
  requestedBy: string;
  now: Date;
}

/** Inside the caller's transaction; returns the command id to announce after the commit. */
export async function enqueueModeCommand(tx: TxQuery, command: ModeCommand): Promise<string> {
  const expiresAt = new Date(command.now.getTime() + COMMAND_TTL_HOURS * 3_600_000);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO command (fleet_id, bike_id, type, value, status, requested_by, requested_at,
                          expires_at)
     VALUES ($1, $2, 'MODE', $3, 'PENDING', $4, $5, $6) RETURNING id`,
    [command.fleetId, command.bikeId, command.mode, command.requestedBy, command.now, expiresAt],
  );
  await tx.query('UPDATE bike SET mode_pending = true, updated_at = now() WHERE id = $1', [
    command.bikeId,
  ]);
  return row!.id;
}

export async function announceCommand(database: Database, commandId: string): Promise<void> {
  await database.notify(COMMAND_CHANNEL, commandId);
}
