// Starts what the map needs — its code, the map settings and the fleet's markers — as soon as a
// page that shows the map mounts, in parallel, rather than one after the other once the map
// chunk has loaded (bench/web-fleet.ts: time to markers drawn).
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import type { MapFilter } from './marker-index';
import { fetchMapSettings, fetchMarkers, markersKey } from './markers-source';

export function prefetchMap(http: HttpClient, queryClient: QueryClient, filter: MapFilter) {
  void import('./fleet-map');
  void queryClient.prefetchQuery({
    queryKey: queryKeys.appSettings,
    queryFn: () => fetchMapSettings(http),
    staleTime: Infinity,
  });
  void queryClient.prefetchQuery({
    queryKey: markersKey(filter),
    queryFn: () => fetchMarkers(http, filter),
    staleTime: 5_000,
    gcTime: 10_000,
  });
}
