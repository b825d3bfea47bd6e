// The counters of every warning type (products/warnings), for the navigation badge and the
// warnings tabs. The stream controller writes the counters the server pushes into this entry,
// so badges change without a refetch.
import { useQuery } from '@tanstack/react-query';
import type { WarningCounts, Warnings } from '@vfm/contract';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';

export function useWarningCounts() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.bikes.warningCounts,
    queryFn: async (): Promise<WarningCounts> =>
      (await http.get<Warnings>('products/warnings', { query: { page: 0, size: 1 } })).counts,
  });
}

/** Open warnings of the fleet: a bike with two warnings counts twice. */
export const totalOf = (counts: WarningCounts | undefined) =>
  counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
