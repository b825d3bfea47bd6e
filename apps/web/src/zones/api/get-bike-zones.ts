// GET products/details/zones/{vn}: the zones a bike stands in now (docs/zones.md), computed by
// the server from its last position.
import { useQuery } from '@tanstack/react-query';
import type { BikeZones } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const getBikeZones = (http: HttpClient, vehicleNumber: string) =>
  http.get<BikeZones>(`products/details/zones/${encodeURIComponent(vehicleNumber)}`);

export function useBikeZones(vehicleNumber: string, position: unknown) {
  const { http } = useServices();
  return useQuery({
    // the position in the key: a bike that moved is placed again
    queryKey: [...queryKeys.zones.bike(vehicleNumber), position] as const,
    queryFn: () => getBikeZones(http, vehicleNumber),
    staleTime: 30_000,
  });
}
