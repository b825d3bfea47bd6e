// GET zones: the fleet's zones (docs/zones.md), shared by the zones page, the fleet map and the
// bike page — big zones simplified as the map draws them; the editor and the export read the
// whole geometry (ADR 0119). A zone changes rarely: kept a minute, read again after every change of ours.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Zone, ZoneList } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';
import { zonesToFeatureCollection } from '../zones-geojson';

/** The zones as the map draws them (a big zone's geometry simplified: ADR 0119). */
export const getZones = (http: HttpClient) => http.get<ZoneList>('zones');
/** Every zone with its whole geometry (the export). */
export const getFullZones = (http: HttpClient) =>
  http.get<ZoneList>('zones', { query: { geometry: 'full' } });
/** One zone with its whole geometry (the editor's). */
export const getZone = (http: HttpClient, id: string) =>
  http.get<Zone>(`zones/${encodeURIComponent(id)}`);

/** The zone whole: the listed one unless its geometry is the map's simplification. */
export const wholeZone = (http: HttpClient, listed: Zone) =>
  listed.simplified ? getZone(http, listed.id) : Promise.resolve(listed);

export function useZones(enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.zones.list,
    queryFn: () => getZones(http),
    staleTime: 60_000,
    enabled,
  });
}

/** The zones as the map layers draw them; null until read (or when they cannot be). */
export function useZoneCollection(): GeoJSON.FeatureCollection | null {
  const zones = useZones();
  return useMemo(
    () => (zones.data ? zonesToFeatureCollection(zones.data.content) : null),
    [zones.data],
  );
}
