// Shared live positions of the bike page (docs/manager-tools.md): the bike's links (GET
// products/shares/{vn}), a new one whose link the answer shows once (POST), a revocation
// (DELETE products/shares/{vn}/{id}).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Share, ShareCreate, ShareCreated, ShareList } from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

const path = (vehicleNumber: string) => `products/shares/${encodeURIComponent(vehicleNumber)}`;

export function useShares(vehicleNumber: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.bikes.shares(vehicleNumber),
    queryFn: () => http.get<ShareList>(path(vehicleNumber)),
  });
}

function useRefresh(vehicleNumber: string) {
  const queryClient = useQueryClient();
  return () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.shares(vehicleNumber) });
}

export function useCreateShare(vehicleNumber: string) {
  const { http } = useServices();
  const refresh = useRefresh(vehicleNumber);
  return useMutation({
    mutationFn: (input: ShareCreate) => http.post<ShareCreated>(path(vehicleNumber), input),
    onSuccess: refresh,
  });
}

export function useRevokeShare(vehicleNumber: string) {
  const { http } = useServices();
  const refresh = useRefresh(vehicleNumber);
  return useMutation({
    mutationFn: (id: string) => http.delete<Share>(`${path(vehicleNumber)}/${id}`),
    onSuccess: refresh,
  });
}
