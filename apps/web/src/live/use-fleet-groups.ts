// GET fleet/group: the group tree of the filter panel (DESIGN §5).
import { useQuery } from '@tanstack/react-query';
import type { FleetGroupTree } from '@vfm/contract';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';

export const getFleetGroups = (http: HttpClient) => http.get<FleetGroupTree>('fleet/group');

export function useFleetGroups() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.fleet.groups,
    queryFn: () => getFleetGroups(http),
    staleTime: 5 * 60_000,
  });
}
