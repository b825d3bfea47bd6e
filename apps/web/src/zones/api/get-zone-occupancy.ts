// GET zones/occupancy: how many bikes stand in each zone now and whether its caps are crossed
// (docs/zones.md). Read again every minute while shown, and after each change of a zone.
import { useQuery } from '@tanstack/react-query';
import type { ZoneOccupancy } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const getZoneOccupancy = (http: HttpClient) => http.get<ZoneOccupancy>('zones/occupancy');

export function useZoneOccupancy() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.zones.occupancy,
    queryFn: () => getZoneOccupancy(http),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
