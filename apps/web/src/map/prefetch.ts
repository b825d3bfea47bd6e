// Starts what the fleet map needs — its code, the map settings and the fleet's markers — as soon
// as a page that shows the map mounts, in parallel, rather than one after the other once the map
// chunk has loaded (bench/web-fleet.ts: time to markers drawn). The marker worker starts here
// too and indexes the markers as they arrive, before the map's code has loaded (ADR 0115).
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { fetchMapSettings } from './core/map-settings';
import type { MapFilter } from './markers/marker-index';
import { startEarlyFeed } from './markers/early-feed';
import { markersQuery } from './markers/markers-source';

export function prefetchMap(http: HttpClient, queryClient: QueryClient, filter: MapFilter) {
  // in this order: the requests are queued behind one another on a host's six connections
  const markers = queryClient.fetchQuery(markersQuery(http, filter));
  markers.catch(() => undefined);
  void queryClient.prefetchQuery({
    queryKey: queryKeys.appSettings,
    queryFn: () => fetchMapSettings(http),
    staleTime: Infinity,
  });
  startEarlyFeed(filter, markers);
  void import('./fleet-map');
}
