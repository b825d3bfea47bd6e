// Where the fleet's markers come from: fleet/markers, as a Blob that only the worker parses,
// with the time its snapshot was taken (ADR 0114): an answer may be up to a second old, and the
// stream's batches since then complete it.
import { MARKERS_AGE_HEADER } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import type { MapFilter } from './marker-index';

export const markersKey = (filter: MapFilter) => ['map', 'markers', filter] as const;

export interface MarkersSnapshot {
  markers: Blob;
  /** when the server read the state it shows, on this page's performance.now() clock */
  takenAt: number;
}

/** fleet/markers as a Blob: the worker parses it, never the main thread. */
export async function fetchMarkers(
  http: HttpClient,
  filter: MapFilter,
  signal?: AbortSignal,
): Promise<MarkersSnapshot> {
  const { theftsOnly, ...rest } = filter;
  const asked = performance.now();
  let ageMs = 0;
  const markers = await http.get<Blob>('fleet/markers', {
    query: { ...rest, ...(theftsOnly ? { isNotReportedOrSuspectedTheft: false } : {}) },
    responseType: 'blob',
    signal,
    onHeaders: (headers) => {
      ageMs = Math.max(0, Number(headers.get(MARKERS_AGE_HEADER)) || 0);
    },
  });
  return { markers, takenAt: asked - ageMs };
}

/** The markers query: shared by the page's prefetch and the map, so the map reuses the first. */
export const markersQuery = (http: HttpClient, filter: MapFilter) => ({
  queryKey: markersKey(filter),
  queryFn: () => fetchMarkers(http, filter),
  staleTime: 5_000,
  gcTime: 10_000,
});
