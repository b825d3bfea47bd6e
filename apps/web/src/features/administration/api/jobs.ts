// The jobs home's dead letters (ADR 0081; admin only): the queues' counts and the
// jobs that failed after every retry, newest first, a page at a time (GET fleet/admin/jobs);
// an administrator sends one again (POST …/{id}/retry: 204, or 404 once it is gone).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobsOverview } from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export function useJobs(page: number, size: number) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...queryKeys.jobs, page, size],
    queryFn: () => http.get<JobsOverview>('fleet/admin/jobs', { query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** One more attempt for a failed job; either way the list (and the tab's count) is read again. */
export function useRetryJob() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<void>(`fleet/admin/jobs/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs }),
  });
}
