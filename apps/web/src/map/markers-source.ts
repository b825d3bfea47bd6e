// Where the map's data comes from: the map settings (app-settings) and the fleet's markers
// (fleet/markers, as a Blob that only the worker parses).
import type { AppSettings } from '@vfm/contract';
import type { HttpClient } from '../api/http-client';
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

export const fetchMapSettings = (http: HttpClient) => http.get<AppSettings>('app-settings');
