// The fleet's markers in the worker: it starts at once (it indexes the fleet while MapLibre is
// still loading) — or was started by prefetchMap before the map's code loaded, and is taken over
// (early-feed.ts, ADR 0115) — loads the markers of the filter, then follows the stream
// controller's batches (ADR 0072: while the tab is hidden, changes are skipped and one refetch
// follows).
import { useEffect, useState } from 'react';
import { useServices } from '../../services/services';
import type { LiveBikes } from '../fleet-map-props';
import { claimEarlyFeed, loadSnapshot, startMarkerWorker } from './early-feed';
import type { MapFilter } from './marker-index';
import { MarkerFeed } from './marker-feed';
import { fetchMarkers, markersQuery, type MarkersSnapshot } from './markers-source';

const ignore = () => undefined;

/** The feed (null where there are no workers) and the count of bikes the filter shows. */
export function useMarkerFeed(filter: MapFilter, live: LiveBikes | undefined) {
  const { http, queryClient } = useServices();
  const [feed, setFeed] = useState<MarkerFeed | null>(null);
  const [count, setCount] = useState<number | null>(null);
  // the filter the map opened with: the one a worker started early was given
  const [firstFilter] = useState(filter);

  useEffect(() => {
    if (typeof Worker === 'undefined') return;
    const started = claimEarlyFeed(firstFilter) ?? new MarkerFeed(startMarkerWorker());
    if (started.loaded) setCount(started.loaded.count);
    started.listen((event) => {
      if (event.type === 'loaded') setCount(event.count);
    });
    setFeed(started);
    return () => {
      started.terminate();
      setFeed(null);
    };
  }, [firstFilter]);

  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    if (!feed) return;
    const current = JSON.parse(filterKey) as MapFilter;
    const controller = new AbortController();
    const toWorker = (snapshot: MarkersSnapshot) => {
      if (controller.signal.aborted) return;
      // a worker started early may have it already (then only the changes since are sent)
      loadSnapshot(feed, snapshot, current);
      // what changed since the snapshot was taken (ADR 0114), in the order it came
      for (const batch of live?.recentBikes?.(snapshot.takenAt) ?? []) {
        feed.send({ type: 'changes', ...batch, filter: current });
      }
    };
    // the first load may have been started by the page (prefetchMap)
    void queryClient.fetchQuery(markersQuery(http, current)).then(toWorker).catch(ignore);
    const reload = () =>
      void fetchMarkers(http, current, controller.signal).then(toWorker).catch(ignore);
    const stop = followLive(live, reload, (batch) =>
      feed.send({ type: 'changes', ...batch, filter: current }),
    );
    return () => {
      controller.abort();
      stop();
    };
  }, [feed, filterKey, live, http, queryClient]);

  return { feed, count };
}

type Batch = Parameters<Parameters<LiveBikes['subscribe']>[0]>[0];

/** The stream's batches while the tab shows; a reload after a resync or a hidden spell. */
function followLive(
  live: LiveBikes | undefined,
  reload: () => void,
  apply: (batch: Batch) => void,
): () => void {
  if (!live) return ignore;
  let missed = false;
  const unsubscribe = live.subscribe((batch) => {
    if (document.hidden) missed = true;
    else apply({ bikes: batch.bikes, removed: batch.removed });
  });
  const unsubscribeResync = live.onResync(reload);
  const onVisible = () => {
    if (!document.hidden && missed) {
      missed = false;
      reload();
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    unsubscribe();
    unsubscribeResync();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
