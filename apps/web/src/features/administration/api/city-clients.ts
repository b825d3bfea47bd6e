// City access to the MDS Provider API (docs/open-data.md; admin only): the fleet's city clients
// (GET fleet/city-clients), a new one whose secret the answer shows once (POST), a revocation
// (DELETE fleet/city-clients/{id}) and the last pulls (GET fleet/city-clients/access-log).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CityClient,
  CityClientCreate,
  CityClientCreated,
  CityClients,
  MdsAccessLog,
} from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export function useCityClients() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.cityClients,
    queryFn: () => http.get<CityClients>('fleet/city-clients'),
  });
}

export function useMdsAccessLog() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.mdsAccessLog,
    queryFn: () => http.get<MdsAccessLog>('fleet/city-clients/access-log?limit=20'),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.cityClients });
    void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
  };
}

export function useCreateCityClient() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CityClientCreate) =>
      http.post<CityClientCreated>('fleet/city-clients', input),
    onSuccess: refresh,
  });
}

export function useRevokeCityClient() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => http.delete<CityClient>(`fleet/city-clients/${id}`),
    onSuccess: refresh,
  });
}
