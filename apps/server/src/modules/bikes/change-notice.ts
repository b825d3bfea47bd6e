// The change-notification contract shared by every writer of bikes (ingest, commands, theft,
// availability, import): set bike.updated_at = now() in the write, and after the commit
// announce it once per fleet per batch. fleet/stream listens to this channel (ADR 0020).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';

export const FLEET_CHANNEL = 'vfm_fleet';
export const CHANGE_KINDS = ['bike', 'warning', 'command', 'event'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface FleetChangeNotice {
  fleetId: string;
  kinds: ChangeKind[];
}

/** After commit. A lost notice only delays the stream, so a failure is logged, not thrown. */
export async function announceFleetChange(
  database: Database,
  notice: FleetChangeNotice,
  log: FastifyBaseLogger,
): Promise<void> {
  await database
    .notify(FLEET_CHANNEL, JSON.stringify(notice))
    .catch((err: unknown) => log.warn({ err, notice }, 'fleet change notice failed'));
}

/** A notice from the channel, or null when the payload is not one (other writers' bugs). */
export function parseFleetChangeNotice(payload: string): FleetChangeNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<FleetChangeNotice>;
    if (typeof value?.fleetId !== 'string') return null;
    const kinds = Array.isArray(value.kinds)
      ? value.kinds.filter((kind): kind is ChangeKind => CHANGE_KINDS.includes(kind))
      : [];
    // a notice without known kinds still says "something changed"
    return { fleetId: value.fleetId, kinds: kinds.length ? kinds : [...CHANGE_KINDS] };
  } catch {
    return null;
  }
}
