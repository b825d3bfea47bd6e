// One fleet's feed of the live stream (stream-hub.ts, ADR 0020): its connections, the reads a
// change notice calls for — the hub's own, and the modules' live reads (`live:<module>`) —
// its cursors and what it already sent, and its broadcasts (serialised once for all its
// connections; events once per reader's role).
import type { StreamEventName, StreamPayloads, VfmEvent } from '@vfm/contract';
import type { FleetChangeKind } from '../../bikes/fleet-changes';
import { mayReadEvent } from '../../events/readers';
import type { LiveFeed } from '../../manifest/define';
import { LOOKBACK_US, type Source } from '../queries/change-feed';
import { sseFrame, type SseConnection } from './sse-connection';

/** the hub's own reads, and the modules' live reads by module name (`live:<module>`) */
export type Pending = Source | 'warnings' | 'bikeIds' | 'notifications' | `live:${string}`;

/** Which reads a change notice calls for. */
export const READS: Record<FleetChangeKind, Pending[]> = {
  bike: ['bikes', 'removed', 'warnings'],
  warning: ['bikes', 'warnings'],
  // the bike's pending flags change with its commands
  command: ['commands', 'bikes'],
  event: ['events'],
  quarantine: [],
  alert: [],
  zone: [],
  task: [],
};

/** The source of a remembered key (queries/change-feed.ts keys: b…, c…, e…, r…). */
export const SOURCE_OF_KEY = { b: 'bikes', c: 'commands', e: 'events', r: 'removed' } as const;

/** The same for a notice that lists its changed bikes (read by id: no removal, no window). */
export const READS_LISTED: Record<FleetChangeKind, Pending[]> = {
  bike: ['warnings'],
  warning: ['warnings'],
  command: ['commands'],
  event: ['events'],
  quarantine: [],
  alert: [],
  zone: [],
  task: [],
};

export class FleetFeed implements LiveFeed {
  readonly connections = new Set<SseConnection>();
  readonly pending = new Set<Pending>();
  /** bikes listed by notices since the last push */
  bikeIds = new Set<number>();
  /** readers whose notifications changed since the last push (docs/notifications.md) */
  notifiedAccounts = new Set<string>();
  /** keys already pushed, with their change time, to drop what the lookback reads again */
  readonly sent = new Map<string, number>();
  timer: NodeJS.Timeout | null = null;
  /** when the pending timer fires (epoch ms) */
  timerDue = 0;
  flushing = false;
  lastFlushAt = 0;
  lastWarnings: string | null = null;
  lastWarningsAt = 0;
  cursors: Record<Source, number>;
  /** the modules' live reads' memory (LiveFeed) */
  readonly memory = new Map<string, unknown>();
  readonly lookbackUs = LOOKBACK_US;

  constructor(
    readonly fleetId: string,
    readonly openedAt: number,
  ) {
    this.cursors = { bikes: openedAt, commands: openedAt, events: openedAt, removed: openedAt };
  }

  get hasAdmins() {
    return [...this.connections].some((connection) => connection.isAdmin);
  }

  /** Sends one event to every connection of the fleet (serialised once). */
  broadcast<K extends StreamEventName>(event: K, data: StreamPayloads[K]) {
    const frame = sseFrame(event, data);
    for (const connection of this.connections) connection.sendFrame(frame);
  }

  /** Sends one event to the administrators' connections only. */
  broadcastToAdmins<K extends StreamEventName>(event: K, data: StreamPayloads[K]) {
    const admins = [...this.connections].filter((connection) => connection.isAdmin);
    if (!admins.length) return;
    const frame = sseFrame(event, data);
    for (const connection of admins) connection.sendFrame(frame);
  }

  /**
   * Sends new events to each connection as far as its reader may read them (docs/operations.md): a
   * manager's stream never carries an administration event. One frame per role.
   */
  broadcastEvents(events: VfmEvent[]) {
    const frames = new Map<boolean, string | null>();
    for (const connection of this.connections) {
      let frame = frames.get(connection.isAdmin);
      if (frame === undefined) {
        const readable = events.filter((event) => mayReadEvent(connection, event));
        frame = readable.length ? sseFrame('events', { events: readable }) : null;
        frames.set(connection.isAdmin, frame);
      }
      if (frame) connection.sendFrame(frame);
    }
  }
}

/** A notice of vfm_notification (notifications/queries.ts), or null. */
export function parseNotificationNotice(
  payload: string,
): { fleetId: string; accounts: string[] } | null {
  try {
    const value = JSON.parse(payload) as { fleetId?: unknown; accounts?: unknown };
    if (typeof value.fleetId !== 'string' || !Array.isArray(value.accounts)) return null;
    const accounts = value.accounts.filter((id): id is string => typeof id === 'string');
    return { fleetId: value.fleetId, accounts };
  } catch {
    return null;
  }
}
