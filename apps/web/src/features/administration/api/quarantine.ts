// The fleet's ingest quarantine (docs/operations.md, admin only): module messages the server could not
// store, kept with their reason; an administrator retries one (stored, or still refused: 409)
// or clears it. GET fleet/admin/quarantine is paged newest first.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuarantinePage, QuarantineRetry } from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export function useQuarantine(page: number, size: number) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...queryKeys.quarantine, page, size],
    queryFn: () => http.get<QuarantinePage>('fleet/admin/quarantine', { query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** Retry or clear one message; either way the list is read again (a 409 counts an attempt). */
export function useQuarantineAction() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      action,
    }: {
      id: number;
      action: 'retry' | 'clear';
    }): Promise<QuarantineRetry | null> => {
      if (action === 'retry')
        return http.post<QuarantineRetry>(`fleet/admin/quarantine/${id}/retry`);
      await http.delete<void>(`fleet/admin/quarantine/${id}`);
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.quarantine }),
  });
}
