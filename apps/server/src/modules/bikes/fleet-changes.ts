// THE CHANGE NOTIFICATION CONTRACT (docs/architecture.md): whoever changes bike rows sets
// `updated_at = now()` and, in the same transaction (PostgreSQL delivers it at commit, never
// for a rolled-back change), sends ONE `pg_notify('vfm_fleet', {fleetId, kinds})` per fleet
// per batch — never one per message. The live stream (fleet/stream) listens on it.
import type { TxQuery } from '../../db/client';

export const FLEET_CHANNEL = 'vfm_fleet';
export const FLEET_CHANGE_KINDS = ['bike', 'warning', 'command', 'event'] as const;
export type FleetChangeKind = (typeof FLEET_CHANGE_KINDS)[number];

export interface FleetChangeNotice {
  fleetId: string;
  kinds: FleetChangeKind[];
}

/** Collects the kinds of change per fleet during a batch, then notifies once per fleet. */
export class FleetChanges {
  private readonly byFleet = new Map<string, Set<FleetChangeKind>>();

  add(fleetId: string, ...kinds: FleetChangeKind[]): this {
    let set = this.byFleet.get(fleetId);
    if (!set) this.byFleet.set(fleetId, (set = new Set()));
    for (const kind of kinds) set.add(kind);
    return this;
  }

  get size() {
    return this.byFleet.size;
  }

  notices(): FleetChangeNotice[] {
    return [...this.byFleet].map(([fleetId, kinds]) => ({
      fleetId,
      kinds: FLEET_CHANGE_KINDS.filter((kind) => kinds.has(kind)),
    }));
  }

  /** One pg_notify per fleet, inside the caller's transaction. */
  async notify(tx: Pick<TxQuery, 'query'>): Promise<void> {
    const payloads = this.notices()
      .filter((notice) => notice.kinds.length)
      .map((notice) => JSON.stringify(notice));
    if (!payloads.length) return;
    await tx.query(
      `SELECT pg_notify('${FLEET_CHANNEL}', payload) FROM unnest($1::text[]) AS payload`,
      [payloads],
    );
  }
}

/** A notice from the channel, or null when the payload is not one (another writer's bug). */
export function parseFleetChangeNotice(payload: string): FleetChangeNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<FleetChangeNotice>;
    if (typeof value?.fleetId !== 'string') return null;
    const kinds = Array.isArray(value.kinds)
      ? value.kinds.filter((kind): kind is FleetChangeKind => FLEET_CHANGE_KINDS.includes(kind))
      : [];
    // a notice without known kinds still says "something changed"
    return { fleetId: value.fleetId, kinds: kinds.length ? kinds : [...FLEET_CHANGE_KINDS] };
  } catch {
    return null;
  }
}
