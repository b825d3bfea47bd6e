// Figures of a whole fleet that a request would otherwise recompute from every bike (DESIGN §5):
// the number of bikes a fleet/list filter selects, and fleet/statistics (ADR 0076, ADR 0122).
// Small figures are exact on every call; a figure over LARGE_COUNT bikes or more is shared by
// concurrent requests and reused for the same fleet and key for FRESH_MS. After that, until
// STALE_MS, the last figure is answered at once while one recomputation runs in the background:
// no request waits for a recount of 100,000 bikes (≈ 25 ms for the list's count, ≈ 100 ms for
// the statistics), so the list's latency does not grow with the fleet. A figure is therefore at
// most FRESH_MS old while the screen keeps asking, and never older than STALE_MS.
import type { Queryable } from '../../db/client';

export const LARGE_COUNT = 10_000;
export const FRESH_MS = 2000;
export const STALE_MS = 10_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
  /** the settled value, once known: what a stale call answers */
  settled?: { value: unknown };
  refreshing?: boolean;
}

const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * The figure of `key` (a fleet and what is counted) on this database: `compute()`'s, or one of
 * the last FRESH_MS (STALE_MS while recomputed) when `large(value)`.
 */
export function cachedFigure<T>(
  database: Queryable,
  key: string,
  compute: () => Promise<T>,
  large: (value: T) => boolean,
): Promise<T> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new Map()));
  const now = Date.now();
  for (const [k, entry] of cache) if (now - entry.at > STALE_MS) cache.delete(k);
  const hit = cache.get(key);
  if (hit && (now - hit.at <= FRESH_MS || !hit.settled)) return hit.value as Promise<T>;
  if (hit?.settled) {
    if (!hit.refreshing) refresh(cache, key, hit, compute, large);
    return Promise.resolve(hit.settled.value as T);
  }
  const entry: Entry = { at: now, value: compute() };
  cache.set(key, entry);
  settle(cache, key, entry, large);
  return entry.value as Promise<T>;
}

/** A new entry once the background recomputation ends; the stale one stays on a failure. */
function refresh<T>(
  cache: Map<string, Entry>,
  key: string,
  stale: Entry,
  compute: () => Promise<T>,
  large: (value: T) => boolean,
) {
  stale.refreshing = true;
  const entry: Entry = { at: Date.now(), value: compute() };
  entry.value.then(
    (value) => {
      if (cache.get(key) !== stale) return;
      entry.settled = { value };
      if (large(value as T)) cache.set(key, entry);
      else cache.delete(key);
    },
    () => {
      stale.refreshing = false;
    },
  );
}

/** Only large figures are worth reusing; a failed computation is never reused. */
function settle<T>(
  cache: Map<string, Entry>,
  key: string,
  entry: Entry,
  large: (value: T) => boolean,
) {
  entry.value.then(
    (value) => {
      if (cache.get(key) !== entry) return;
      if (large(value as T)) entry.settled = { value };
      else cache.delete(key);
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
}

/** How many bikes a list filter selects (a count of LARGE_COUNT or more is shared). */
export function cachedCount(
  database: Queryable,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  return cachedFigure(database, `count ${key}`, count, (n) => n >= LARGE_COUNT);
}
