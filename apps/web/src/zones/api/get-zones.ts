// GET zones: the fleet's zones (issue 23), shared by the zones page, the fleet map and the
// bike page. A zone changes rarely: kept a minute, read again after every change of ours.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ZoneList } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';
import { zonesToFeatureCollection } from '../zones-geojson';

export const getZones = (http: HttpClient) => http.get<ZoneList>('zones');

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
