// GET fleet/information: the fleet's name, counts by availability, status, mode and warning,
// and its warning thresholds (DESIGN §5, §7). The stream controller keeps it current.
import { useQuery } from '@tanstack/react-query';
import type { FleetInformation } from '@vfm/contract';
import type { HttpClient } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export const getFleetInformation = (http: HttpClient) =>
  http.get<FleetInformation>('fleet/information');

export function useFleetInformation() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.fleet.information,
    queryFn: () => getFleetInformation(http),
  });
}
