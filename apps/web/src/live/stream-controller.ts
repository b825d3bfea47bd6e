// The app's one stream controller (DESIGN §8, STYLE "live data flows one way"): it holds the
// fleet/stream connection while the user is signed in, coalesces bursts into at most one batch
// per flush interval, writes each batch into the query cache and hands it to subscribers (the
// map). After a network loss it reconnects with a growing delay and, once back, everything
// shown is reloaded, since a stream has no replay (ADR 0020). At the first opening, the alerts,
// tasks and notifications read before the stream was ready are read again: what happened between
// their answer and the stream's start would be missed otherwise (the bikes and the counters need
// not: each bike's change carries its whole row and the stream opens with the counters).
import type { QueryClient } from '@tanstack/react-query';
import { STREAM_EVENTS, type StreamEventName } from '@vfm/contract';
import { isApiError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { applyBatchToCache } from './apply-to-cache';
import { LiveBatchBuffer, type BatchedEvent, type LiveBatch } from './live-batch';
import { readServerEvents } from './sse';

export type LiveStatus = 'stopped' | 'connecting' | 'live' | 'reconnecting';

export interface StreamController {
  start(): void;
  stop(): void;
  status(): LiveStatus;
  subscribeStatus(listener: () => void): () => void;
  /** coalesced batches of changes; returns unsubscribe */
  subscribe(listener: (batch: LiveBatch) => void): () => void;
  /** the server asked to reload (resync) or the stream came back after a loss */
  onResync(listener: () => void): () => void;
  /**
   * The bike changes of the batches flushed at or after `at` (performance.now() time), oldest
   * first, over the last RECENT_MS: what a snapshot of that age (fleet/markers, ADR 0114) lacks.
   */
  recentBikes(at: number): Array<Pick<LiveBatch, 'bikes' | 'removed'>>;
}

/** how long flushed bike batches are kept for recentBikes (a markers snapshot's age, and more) */
export const RECENT_MS = 15_000;

export interface StreamControllerOptions {
  http: HttpClient;
  queryClient: QueryClient;
  /** longest wait between a change and its batch (ms) */
  flushMs?: number;
  /** fleet-wide counts are refetched at most this often while bikes change (ms) */
  countsEveryMs?: number;
  /** delay before the n-th reconnection attempt (ms) */
  retryDelay?: (attempt: number) => number;
}

/** The attempt whose delay is the longest (30 s). */
export const LONGEST_RETRY_ATTEMPT = 5;

/** 1 s, 2 s, 4 s … up to 30 s, with ±20 % jitter so that browsers do not return in step. */
export const defaultRetryDelay = (attempt: number) =>
  Math.min(30_000, 1000 * 2 ** Math.min(attempt, LONGEST_RETRY_ATTEMPT)) *
  (0.8 + Math.random() * 0.4);

export function createStreamController(options: StreamControllerOptions): StreamController {
  const { http, queryClient } = options;
  const flushMs = options.flushMs ?? 250;
  const countsEveryMs = options.countsEveryMs ?? 5000;
  const retryDelay = options.retryDelay ?? defaultRetryDelay;

  const batchListeners = new Set<(batch: LiveBatch) => void>();
  const resyncListeners = new Set<() => void>();
  const statusListeners = new Set<() => void>();
  const buffer = new LiveBatchBuffer();
  let status: LiveStatus = 'stopped';
  let abort: AbortController | null = null;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let countsTimer: ReturnType<typeof setTimeout> | null = null;
  let countsDue = false;
  let attempt = 0;
  let lostConnection = false;

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    statusListeners.forEach((listener) => listener());
  };

  const refetchCounts = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.information });
    void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.statistics });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.warnings });
  };
  /** at most one refetch of the fleet-wide figures per countsEveryMs */
  const scheduleCounts = () => {
    if (countsTimer) {
      countsDue = true;
      return;
    }
    refetchCounts();
    countsTimer = setTimeout(() => {
      countsTimer = null;
      if (countsDue) {
        countsDue = false;
        scheduleCounts();
      }
    }, countsEveryMs);
  };

  /** the bike changes of the last RECENT_MS, with the time each batch's oldest event came */
  let recent: Array<{ at: number; bikes: LiveBatch['bikes']; removed: LiveBatch['removed'] }> = [];
  let oldestPending: number | null = null;

  const flush = () => {
    flushTimer = null;
    if (buffer.isEmpty) return;
    const batch = buffer.take();
    const now = performance.now();
    if (batch.bikes.length || batch.removed.length) {
      recent = recent.filter((kept) => now - kept.at <= RECENT_MS);
      recent.push({ at: oldestPending ?? now, bikes: batch.bikes, removed: batch.removed });
    }
    oldestPending = null;
    if (applyBatchToCache(queryClient, batch)) scheduleCounts();
    batchListeners.forEach((listener) => listener(batch));
  };
  const scheduleFlush = () => {
    oldestPending ??= performance.now();
    flushTimer ??= setTimeout(flush, flushMs);
  };

  /**
   * the discrete happenings' lists read before `readyAt` (Date.now() time): read again. A list
   * answered in the same millisecond cannot be told apart from one answered before: it is read
   * again too (one read too many rather than a missed alert).
   */
  const catchUp = (readyAt: number) => {
    const before = {
      predicate: (query: { state: { dataUpdatedAt: number } }) =>
        query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= readyAt,
    };
    for (const queryKey of [
      queryKeys.alerts.all,
      queryKeys.tasks.all,
      queryKeys.notifications.list,
    ]) {
      void queryClient.invalidateQueries({ queryKey, ...before });
    }
  };

  const resync = () => {
    buffer.take();
    recent = [];
    oldestPending = null;
    void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all });
    resyncListeners.forEach((listener) => listener());
  };

  const handle = (name: StreamEventName, data: unknown) => {
    switch (name) {
      case 'ready':
        attempt = 0;
        setStatus('live');
        if (lostConnection) {
          lostConnection = false;
          resync();
        } else {
          catchUp(Date.now());
        }
        return;
      case 'bikes':
      case 'removed':
      case 'commands':
      case 'events':
      case 'warnings':
      case 'alerts':
        buffer.add({ name, data } as BatchedEvent);
        break;
      case 'zones':
        // another manager drew, changed or deleted a zone: the maps and lists read them again
        void queryClient.invalidateQueries({ queryKey: queryKeys.zones.all });
        return;
      case 'tasks':
        // a task was created, taken, changed or closed (docs/tasks.md), here or elsewhere: the task
        // lists, My tasks and the battery swap queue read again
        void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all });
        return;
      case 'quarantine':
        // administrators only: the quarantine list and its tab's count read again
        void queryClient.invalidateQueries({ queryKey: queryKeys.quarantine });
        return;
      case 'notifications':
        // the reader's own notifications changed (docs/notifications.md): the bell's count now, the list
        // read again when shown
        queryClient.setQueryData(queryKeys.notifications.unread, data);
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
        return;
      case 'resync':
        resync();
        return;
    }
    scheduleFlush();
  };

  const connect = async (signal: AbortSignal) => {
    setStatus(lostConnection ? 'reconnecting' : 'connecting');
    try {
      const response = await http.stream('fleet/stream', { signal });
      if (!response.body) throw new Error('fleet/stream answered without a body');
      await readServerEvents(response.body, ({ name, data }) => {
        if ((STREAM_EVENTS as readonly string[]).includes(name)) {
          handle(name as StreamEventName, data);
        }
      });
    } catch (error) {
      if (signal.aborted) return;
      // refused for good (signed out, no role): the session's own events take over
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
        setStatus('stopped');
        return;
      }
      // 429: the session's other tabs hold every stream it may open (docs/operations.md); knocking
      // again soon would not free one, so wait the longest delay (the server asks for 30 s)
      if (isApiError(error, 429)) attempt = Math.max(attempt, LONGEST_RETRY_ATTEMPT);
    }
    if (signal.aborted) return;
    // the stream ended or failed: come back after a while and reload what was missed
    flush();
    lostConnection = true;
    setStatus('reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!signal.aborted) void connect(signal);
    }, retryDelay(attempt));
    attempt += 1;
  };

  return {
    start() {
      if (abort) return;
      abort = new AbortController();
      attempt = 0;
      lostConnection = false;
      void connect(abort.signal);
    },
    stop() {
      abort?.abort();
      abort = null;
      for (const timer of [flushTimer, retryTimer, countsTimer]) if (timer) clearTimeout(timer);
      flushTimer = retryTimer = countsTimer = null;
      countsDue = false;
      buffer.take();
      setStatus('stopped');
    },
    status: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    subscribe(listener) {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    recentBikes(at) {
      return recent
        .filter((kept) => kept.at >= at)
        .map(({ bikes, removed }) => ({ bikes, removed }));
    },
  };
}
