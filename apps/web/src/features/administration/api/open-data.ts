// The fleet's open-data publishing settings (docs/open-data.md; admin only): read them
// (GET fleet/open-data) and save them all at once (PUT fleet/open-data, an audited action that
// also publishes or unpublishes the public GBFS feed).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenData, OpenDataSettings } from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export function useOpenData() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.openData,
    queryFn: () => http.get<OpenData>('fleet/open-data'),
  });
}

export function useSaveOpenData() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OpenDataSettings) => http.put<OpenData>('fleet/open-data', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.openData, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
