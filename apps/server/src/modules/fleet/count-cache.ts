// How many bikes a fleet/list filter selects (DESIGN §5). Small counts are exact on every page;
// a count of LARGE_COUNT bikes or more is reused for the same fleet and filter for MAX_AGE_MS:
// scrolling a 100,000-bike fleet does not recount it for each page (≈ 25 ms of database time
// each), and concurrent requests share one count. The total shown is then at most 2 s old.
import type { Queryable } from '../../db/client';

export const LARGE_COUNT = 10_000;
export const MAX_AGE_MS = 2000;

interface Entry {
  at: number;
  total: Promise<number>;
}

const caches = new WeakMap<object, Map<string, Entry>>();

export function cachedCount(
  database: Queryable,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new Map()));
  const now = Date.now();
  for (const [k, entry] of cache) if (now - entry.at > MAX_AGE_MS) cache.delete(k);
  const hit = cache.get(key);
  if (hit) return hit.total;
  const total = count();
  const entry = { at: now, total };
  cache.set(key, entry);
  // only large counts are worth reusing; a failed count is never reused
  total.then(
    (n) => {
      if (n < LARGE_COUNT && cache.get(key) === entry) cache.delete(key);
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return total;
}
