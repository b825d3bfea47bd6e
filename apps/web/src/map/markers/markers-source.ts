// Where the fleet's markers come from: fleet/markers, as a Blob that only the worker parses.
import type { HttpClient } from '../../api/http-client';
import type { MapFilter } from './marker-index';

export const markersKey = (filter: MapFilter) => ['map', 'markers', filter] as const;

/** fleet/markers as a Blob: the worker parses it, never the main thread. */
export function fetchMarkers(http: HttpClient, filter: MapFilter, signal?: AbortSignal) {
  const { theftsOnly, ...rest } = filter;
  return http.get<Blob>('fleet/markers', {
    query: { ...rest, ...(theftsOnly ? { isNotReportedOrSuspectedTheft: false } : {}) },
    responseType: 'blob',
    signal,
  });
}

/** The markers query: shared by the page's prefetch and the map, so the map reuses the first. */
export const markersQuery = (http: HttpClient, filter: MapFilter) => ({
  queryKey: markersKey(filter),
  queryFn: () => fetchMarkers(http, filter),
  staleTime: 5_000,
  gcTime: 10_000,
});
