// The live fleet stream of this process (ADR 0020). One LISTEN on the change channel serves
// every connection; per fleet, notices are coalesced into at most one read and one push per
// interval, shared by all connections of that fleet, and pushed to that fleet only. Bikes are
// coalesced per bike: a notice that lists its bikes (the ingest's) adds them to a set read by
// id at the next push; one without a list reads the window since the cursor. The bikes, their
// commands, events and warnings are the hub's own reads; each module adds its part (its
// manifest's `live`: quarantine, alerts, zones, tasks…), run after the notices it hears.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { parseFleetChangeNotice, type FleetChangeKind } from '../../bikes/fleet-changes';
import { LIVE_CHANNEL } from '../../../lib/live-channel';
import { parseSessionEnds } from '../../../lib/session-ends';
import { countWarnings } from '../../bikes/queries/warning-counts';
import {
  LOOKBACK_US,
  MAX_BIKE_KEYS,
  MAX_ROWS,
  bikesById,
  changedBikes,
  changedCommands,
  databaseNowMicros,
  newEvents,
  removedBikes,
  type Change,
  type Source,
} from '../queries/change-feed';
import { ROLE_ADMIN, type VfmEvent } from '@vfm/contract';
import { liveSessionRoles } from '../../auth/queries/sessions';
import { countUnread } from '../../notifications/queries';
import type { LiveRead } from '../../manifest/define';
import type { SseConnection } from './sse-connection';
import {
  FleetFeed,
  READS,
  READS_LISTED,
  SOURCE_OF_KEY,
  parseNotificationNotice,
  type Pending,
} from './fleet-feed';

export interface StreamHubOptions {
  /** at most one push per fleet per interval (coalescing of bursts) */
  minIntervalMs: number;
  heartbeatMs: number;
  /** warning counters are recounted at most this often… */
  warningsMinIntervalMs: number;
  /** …and at least this often, since a lack of communication starts without any write */
  warningsRefreshMs: number;
}

export const DEFAULT_STREAM_OPTIONS: StreamHubOptions = {
  // ten pushes a second at most: a change reaches the browsers within ~200 ms
  minIntervalMs: 100,
  heartbeatMs: 20_000,
  warningsMinIntervalMs: 5000,
  warningsRefreshMs: 60_000,
};

/**
 * Open streams of one session at most (docs/operations.md): a manager keeps a few tabs open, each
 * with its stream; more is a script or a bug holding connections and database reads.
 */
export const MAX_STREAMS_PER_SESSION = 8;

const hubs = new WeakMap<object, StreamHub>();

/** The hub serving an app context (tests drive its periodic work directly). */
export const streamHubOf = (ctx: object) => hubs.get(ctx);

export class StreamHub {
  private readonly feeds = new Map<string, FleetFeed>();
  private listening: Promise<() => Promise<void>> | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  /** open streams per session (MAX_STREAMS_PER_SESSION) */
  private readonly openPerSession = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly options: StreamHubOptions = DEFAULT_STREAM_OPTIONS,
    owner?: object,
    /** the modules' live reads, by module name (their manifests) */
    private readonly live: ReadonlyMap<string, LiveRead> = new Map(),
  ) {
    if (owner) hubs.set(owner, this);
  }

  /** The reads a change notice's kinds call for: the hub's own, then the modules'. */
  private readsAfter(kinds: FleetChangeKind[], own: Record<FleetChangeKind, Pending[]>) {
    const reads: Pending[] = kinds.flatMap((kind) => own[kind]);
    for (const [module, read] of this.live)
      if (read.after.some((kind) => kinds.includes(kind))) reads.push(`live:${module}`);
    return reads;
  }

  /**
   * Counts a new stream of the session against its cap, synchronously so that concurrent
   * requests cannot all pass: the release to call when it closes, or null past the cap.
   */
  reserve(sessionId: string): (() => void) | null {
    const open = this.openPerSession.get(sessionId) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) return null;
    this.openPerSession.set(sessionId, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.openPerSession.get(sessionId) ?? 1) - 1;
      if (left > 0) this.openPerSession.set(sessionId, left);
      else this.openPerSession.delete(sessionId);
    };
  }

  /** Starts streaming the fleet's changes to a new connection. */
  async add(connection: SseConnection): Promise<void> {
    this.listening ??= this.start();
    await this.listening;
    const start = await databaseNowMicros(this.database);
    if (connection.isClosed || this.closed) return;
    // no await between the lookup and the insertion: concurrent connections share one feed
    let feed = this.feeds.get(connection.fleetId);
    if (!feed) {
      feed = new FleetFeed(connection.fleetId, start);
      this.feeds.set(connection.fleetId, feed);
    }
    feed.connections.add(connection);
    connection.onClose(() => this.remove(connection));
    connection.send('ready', {
      fleetId: connection.fleetId,
      serverTime: this.now().toISOString(),
    });
    if (feed.lastWarnings) connection.send('warnings', { counts: JSON.parse(feed.lastWarnings) });
    else this.request(feed, ['warnings']);
  }

  /** Ends every stream (server shutdown: the clients reconnect elsewhere). */
  async close() {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const feed of this.feeds.values()) {
      if (feed.timer) clearTimeout(feed.timer);
      for (const connection of [...feed.connections]) connection.close();
    }
    this.feeds.clear();
    const unlisten = await this.listening?.catch(() => null);
    await unlisten?.().catch(() => {});
  }

  private async start() {
    // one channel, three notices told apart by their shape (lib/live-channel.ts)
    const unlisten = await this.database.listen(LIVE_CHANNEL, (payload) => this.hear(payload));
    const every = (ms: number, fn: () => void) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.heartbeatMs, () => void this.checkConnections());
    every(this.options.warningsRefreshMs, () => {
      for (const feed of this.feeds.values()) this.request(feed, ['warnings']);
    });
    return unlisten;
  }

  /** A notice of the live channel: sessions ended, users notified, or a fleet's changes. */
  private hear(payload: string) {
    // a session that ends closes its streams now, not at the next heartbeat (ADR 0042)
    const sessions = parseSessionEnds(payload);
    if (sessions) return this.endSessions(new Set(sessions));
    // a user's own notifications (docs/notifications.md): their unread count, to their
    // connections only
    const notified = parseNotificationNotice(payload);
    if (notified) {
      const feed = this.feeds.get(notified.fleetId);
      if (!feed) return;
      for (const accountId of notified.accounts) feed.notifiedAccounts.add(accountId);
      return this.request(feed, ['notifications']);
    }
    const notice = parseFleetChangeNotice(payload);
    const feed = notice && this.feeds.get(notice.fleetId);
    if (!feed) return;
    if (!notice.bikes) return this.request(feed, this.readsAfter(notice.kinds, READS));
    for (const id of notice.bikes) feed.bikeIds.add(id);
    this.request(feed, ['bikeIds', ...this.readsAfter(notice.kinds, READS_LISTED)]);
  }

  private endSessions(sessionIds: Set<string>) {
    for (const feed of this.feeds.values()) {
      for (const connection of [...feed.connections]) {
        if (sessionIds.has(connection.sessionId)) connection.close();
      }
    }
  }

  private remove(connection: SseConnection) {
    const feed = this.feeds.get(connection.fleetId);
    if (!feed) return;
    feed.connections.delete(connection);
    if (feed.connections.size === 0) {
      if (feed.timer) clearTimeout(feed.timer);
      this.feeds.delete(feed.fleetId);
    }
  }

  private request(feed: FleetFeed, reads: Pending[]) {
    for (const read of reads) feed.pending.add(read);
    this.schedule(feed);
  }

  private schedule(feed: FleetFeed) {
    if (feed.flushing || !feed.pending.size || this.closed) return;
    let due = feed.lastFlushAt + this.options.minIntervalMs;
    if (feed.pending.size === 1 && feed.pending.has('warnings')) {
      due = Math.max(due, feed.lastWarningsAt + this.options.warningsMinIntervalMs);
    }
    // a timer set for the warning counters alone must not hold back a bike's change
    if (feed.timer) {
      if (feed.timerDue <= due) return;
      clearTimeout(feed.timer);
    }
    feed.timerDue = due;
    feed.timer = setTimeout(() => void this.flush(feed), Math.max(0, due - Date.now()));
    feed.timer.unref();
  }

  private async flush(feed: FleetFeed) {
    feed.timer = null;
    feed.flushing = true;
    feed.lastFlushAt = Date.now();
    const reads = [...feed.pending].filter(
      (read) =>
        read !== 'warnings' ||
        Date.now() - feed.lastWarningsAt >= this.options.warningsMinIntervalMs,
    );
    for (const read of reads) feed.pending.delete(read);
    const ids = [...feed.bikeIds];
    feed.bikeIds = new Set();
    try {
      for (const read of reads) {
        if (read === 'warnings') await this.pushWarnings(feed);
        else if (read.startsWith('live:'))
          await this.live.get(read.slice('live:'.length))?.push(feed, this.database);
        else if (read === 'notifications') await this.pushNotifications(feed);
        // the window read returns the listed bikes too
        else if (read === 'bikeIds') {
          if (!reads.includes('bikes')) await this.pushChanges(feed, 'bikes', ids);
        } else await this.pushChanges(feed, read as Source);
      }
    } catch (err) {
      this.log.warn({ err, fleetId: feed.fleetId }, 'fleet stream read failed');
    } finally {
      feed.flushing = false;
      if (this.feeds.get(feed.fleetId) === feed) this.schedule(feed);
    }
  }

  /** Reads a source since its cursor (or the listed bikes) and pushes what is new. */
  private async pushChanges(feed: FleetFeed, source: Source, ids?: number[]) {
    const since = feed.cursors[source] - LOOKBACK_US;
    const now = this.now();
    const { database } = this;
    const changes: Array<Change<unknown>> = ids
      ? await bikesById(database, feed.fleetId, ids, now, feed.sent)
      : source === 'bikes'
        ? await changedBikes(database, feed.fleetId, since, now, feed.sent)
        : source === 'commands'
          ? await changedCommands(database, feed.fleetId, since, now)
          : source === 'events'
            ? await newEvents(database, feed.fleetId, since)
            : await removedBikes(database, feed.fleetId, since);
    if (changes.length > (source === 'bikes' ? MAX_BIKE_KEYS : MAX_ROWS)) {
      // too much at once for a useful diff: start again from now, clients reload
      feed.cursors[source] = await databaseNowMicros(database);
      feed.broadcast('resync', { reason: `too many changes (${source})` });
      return;
    }
    const fresh = changes.filter(
      (change) => change.value !== null && feed.sent.get(change.key) !== change.at,
    );
    for (const change of changes) {
      feed.sent.set(change.key, change.at);
      feed.cursors[source] = Math.max(feed.cursors[source], change.at);
    }
    this.forget(feed);
    if (!fresh.length) return;
    const values = fresh.map((change) => change.value);
    if (source === 'bikes') feed.broadcast('bikes', { bikes: values as never });
    else if (source === 'commands') feed.broadcast('commands', { commands: values as never });
    else if (source === 'events') feed.broadcastEvents(values as VfmEvent[]);
    else feed.broadcast('removed', { vehicleNumbers: values as string[] });
  }

  /** Drops remembered keys that no read of their own source can return again. */
  private forget(feed: FleetFeed) {
    for (const [key, at] of feed.sent) {
      if (at < feed.cursors[SOURCE_OF_KEY[key[0] as keyof typeof SOURCE_OF_KEY]] - LOOKBACK_US) {
        feed.sent.delete(key);
      }
    }
  }

  /** Each reader whose notifications changed gets their unread count, on their streams only. */
  private async pushNotifications(feed: FleetFeed) {
    const accounts = [...feed.notifiedAccounts];
    feed.notifiedAccounts = new Set();
    const readers = [...feed.connections].filter(
      (connection) => connection.accountId && accounts.includes(connection.accountId),
    );
    if (!readers.length) return;
    const unread = await countUnread(this.database, [
      ...new Set(readers.map((connection) => connection.accountId!)),
    ]);
    for (const connection of readers)
      connection.send('notifications', { unread: unread.get(connection.accountId!) ?? 0 });
  }

  private async pushWarnings(feed: FleetFeed) {
    feed.lastWarningsAt = Date.now();
    const { counts } = await countWarnings(this.database, feed.fleetId, this.now());
    const text = JSON.stringify(counts);
    if (text === feed.lastWarnings) return;
    feed.lastWarnings = text;
    feed.broadcast('warnings', { counts });
  }

  /**
   * Keeps connections alive and ends those whose session was revoked since they opened, or
   * whose reader's role changed (what it may read changed: it reconnects with the new role).
   */
  async checkConnections() {
    const connections = [...this.feeds.values()].flatMap((feed) => [...feed.connections]);
    if (!connections.length) return;
    try {
      const sessionIds = [...new Set(connections.map((c) => c.sessionId))];
      const alive = await liveSessionRoles(this.database, sessionIds, ROLE_ADMIN);
      const admin = new Map(alive.map((row) => [row.id, row.admin]));
      for (const connection of connections) {
        if (admin.get(connection.sessionId) === connection.isAdmin) connection.heartbeat();
        else connection.close();
      }
    } catch (err) {
      this.log.warn({ err }, 'fleet stream heartbeat failed');
      for (const connection of connections) connection.heartbeat();
    }
  }
}
