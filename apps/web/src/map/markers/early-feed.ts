// The marker worker started before the map's code has loaded (bench/web-fleet.ts (a), ADR 0115):
// prefetchMap starts it beside the markers request and hands it the markers as soon as they
// arrive, so the worker parses and indexes the fleet while MapLibre downloads and the page
// renders; the map's useMarkerFeed then takes that worker over instead of starting its own. A
// worker nobody takes (the map never showed, another filter) ends after UNCLAIMED_MS.
// Nothing here imports MapLibre: this file is in the small prefetch chunk.
import { hashKey } from '@tanstack/react-query';
import { MarkerFeed } from './marker-feed';
import type { MapFilter } from './marker-index';
import { markersKey, type MarkersSnapshot } from './markers-source';
import type { BBox } from './worker-protocol';

const UNCLAIMED_MS = 15_000;

export function startMarkerWorker(): Worker {
  return new Worker(new URL('./marker-worker.ts', import.meta.url), { type: 'module' });
}

/** the snapshot each feed's worker was last given, so that it is not parsed twice */
const given = new WeakMap<MarkerFeed, MarkersSnapshot>();

/** Hands a snapshot of the markers to the worker, unless it has it already; true if sent. */
export function loadSnapshot(feed: MarkerFeed, snapshot: MarkersSnapshot, filter: MapFilter) {
  if (given.get(feed) === snapshot) return false;
  given.set(feed, snapshot);
  feed.send({ type: 'load', markers: snapshot.markers, filter });
  return true;
}

interface Early {
  feed: MarkerFeed;
  key: string;
  timer: ReturnType<typeof setTimeout>;
}
let early: Early | null = null;

const keyOf = (filter: MapFilter) => hashKey(markersKey(filter));

function discard() {
  if (!early) return;
  clearTimeout(early.timer);
  early.feed.terminate();
  early = null;
}

/**
 * Starts the worker for a filter (once: a second call for the same filter keeps the first) and
 * gives it the markers when they come, unless the map has taken it over by then (the map then
 * loads them itself, from the same query).
 */
export function startEarlyFeed(filter: MapFilter, markers: Promise<MarkersSnapshot>): void {
  if (typeof Worker === 'undefined') return;
  const key = keyOf(filter);
  if (early?.key === key) return;
  discard();
  const feed = new MarkerFeed(startMarkerWorker());
  early = { feed, key, timer: setTimeout(discard, UNCLAIMED_MS) };
  markers.then(
    (snapshot) => {
      if (early?.feed === feed) loadSnapshot(feed, snapshot, filter);
    },
    () => undefined,
  );
}

/** The extent of the fleet the worker started early for this filter has read, if it has. */
export function earlyBounds(filter: MapFilter): BBox | null {
  if (!early || early.key !== keyOf(filter)) return null;
  return (early.feed.loaded ?? early.feed.placed)?.bounds ?? null;
}

/** The worker started early for this filter, now the caller's to end; null if there is none. */
export function claimEarlyFeed(filter: MapFilter): MarkerFeed | null {
  const found = early;
  if (!found) return null;
  if (found.key !== keyOf(filter)) {
    discard();
    return null;
  }
  clearTimeout(found.timer);
  early = null;
  return found.feed;
}
