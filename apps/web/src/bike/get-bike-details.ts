// GET products/details/{vehicleNumber}: every field of a bike (DESIGN §5), for the map popup.
import { useQuery } from '@tanstack/react-query';
import type { Bike } from '@vfm/contract';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';

export const getBikeDetails = (http: HttpClient, vehicleNumber: string) =>
  http.get<Bike>(`products/details/${encodeURIComponent(vehicleNumber)}`);

export function useBikeDetails(vehicleNumber: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.bikes.details(vehicleNumber ?? ''),
    queryFn: () => getBikeDetails(http, vehicleNumber!),
    enabled: Boolean(vehicleNumber),
  });
}
