// THE CHANGE NOTIFICATION CONTRACT (docs/architecture.md): whoever changes bike rows sets
// `updated_at = now()` and, in the same transaction (PostgreSQL delivers it at commit, never
// for a rolled-back change), sends ONE `pg_notify('vfm_fleet', {fleetId, kinds})` per fleet
// per batch — never one per message. The live stream (fleet/stream) listens on it.
// A writer that knows every bike row it changed lists their ids in `bikes` (the ingest does):
// the stream then reads exactly those rows instead of a time window (ADR 0020).
// Each notice also bumps its fleet's change sequence (`fleet_change`, ADR 0082), the part of
// the markers' version that is the same in every process.
import type { TxQuery } from '../../db/client';
import { FLEET_CHANNEL, bumpAndNotify } from './queries/fleet-changes';

export { FLEET_CHANNEL };
export const FLEET_CHANGE_KINDS = [
  'bike',
  'warning',
  'command',
  'event',
  'quarantine',
  'alert',
  /** a zone drawn, changed or deleted (docs/zones.md): the maps and zone lists read them again */
  'zone',
  /** a task created, taken, changed or closed (docs/tasks.md): task lists and the swap queue read again */
  'task',
] as const;
export type FleetChangeKind = (typeof FLEET_CHANGE_KINDS)[number];

/**
 * The kinds that leave the map's markers as they were (fleet/queries.ts markerColumns reads
 * bike rows, groups and settings only): they do not bump `fleet_change.seq`, so an alert
 * opened or a task taken does not make every open map download the fleet again.
 */
const NOT_MARKERS: ReadonlySet<FleetChangeKind> = new Set(['alert', 'task', 'quarantine', 'event']);

/** Whether a notice of these kinds may change the markers (the markers' version, ADR 0082). */
export const changesMarkers = (kinds: readonly FleetChangeKind[]) =>
  kinds.some((kind) => !NOT_MARKERS.has(kind));

export interface FleetChangeNotice {
  fleetId: string;
  kinds: FleetChangeKind[];
  /** the ids of every bike row changed, when the writer knows them all */
  bikes?: number[];
}

/** More changed bikes than this in one notice: no list (a NOTIFY payload holds 8,000 bytes). */
export const MAX_NOTICE_BIKES = 600;

/** Collects the kinds of change per fleet during a batch, then notifies once per fleet. */
export class FleetChanges {
  private readonly byFleet = new Map<string, Set<FleetChangeKind>>();
  private readonly bikesByFleet = new Map<string, Set<number>>();

  add(fleetId: string, ...kinds: FleetChangeKind[]): this {
    let set = this.byFleet.get(fleetId);
    if (!set) this.byFleet.set(fleetId, (set = new Set()));
    for (const kind of kinds) set.add(kind);
    return this;
  }

  /** Lists changed bike rows (every one the transaction changes, or the notice is wrong). */
  addBikes(fleetId: string, ids: Iterable<number>): this {
    let set = this.bikesByFleet.get(fleetId);
    if (!set) this.bikesByFleet.set(fleetId, (set = new Set()));
    for (const id of ids) set.add(id);
    return this;
  }

  get size() {
    return this.byFleet.size;
  }

  notices(): FleetChangeNotice[] {
    return [...this.byFleet].map(([fleetId, kinds]) => {
      const bikes = this.bikesByFleet.get(fleetId);
      return {
        fleetId,
        kinds: FLEET_CHANGE_KINDS.filter((kind) => kinds.has(kind)),
        ...(bikes?.size && bikes.size <= MAX_NOTICE_BIKES ? { bikes: [...bikes] } : {}),
      };
    });
  }

  /**
   * One pg_notify per fleet, inside the caller's transaction, and each fleet's change
   * sequence (`fleet_change.seq`, ADR 0082) bumped when the markers may have changed
   * (changesMarkers), the task sequence when its tasks did: every process reads the same markers'
   * version from it. Call it as the transaction's LAST statement: the bump locks the fleet's
   * row until the commit, so two writers of one fleet (ingest workers) wait for each other
   * only for the time of a commit — and PostgreSQL already serialises the commits of
   * notifying transactions — while a lock taken after it could deadlock with such a writer.
   */
  async notify(tx: Pick<TxQuery, 'query'>): Promise<void> {
    const notices = this.notices().filter((notice) => notice.kinds.length);
    if (!notices.length) return;
    // fleets in id order: two transactions bumping the same fleets lock them in one order
    const fleets = notices.map((notice) => notice.fleetId).sort();
    // and the fleets whose tasks changed: their task sequence too (the task list's count)
    const taskFleets = notices
      .filter((notice) => notice.kinds.includes('task'))
      .map((notice) => notice.fleetId);
    const markerFleets = notices
      .filter((notice) => changesMarkers(notice.kinds))
      .map((notice) => notice.fleetId);
    await bumpAndNotify(
      tx,
      notices.map((notice) => JSON.stringify(notice)),
      fleets,
      taskFleets,
      markerFleets,
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
    const bikes =
      Array.isArray(value.bikes) && value.bikes.every((id) => Number.isSafeInteger(id))
        ? value.bikes
        : undefined;
    // a notice without known kinds still says "something changed"
    if (!kinds.length) return { fleetId: value.fleetId, kinds: [...FLEET_CHANGE_KINDS] };
    return { fleetId: value.fleetId, kinds, ...(bikes ? { bikes } : {}) };
  } catch {
    return null;
  }
}
