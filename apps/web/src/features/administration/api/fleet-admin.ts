// The administration's fleet calls (docs/web.md, admin only): the fleet
// settings (read from fleet/information, changed with PUT fleet/settings — an audited action)
// and the activity log (GET fleet/events, paged, and its CSV).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityPage,
  ActivityQuery,
  FleetSettings,
  FleetSettingsUpdate,
} from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';
import { saveFile } from '../../../api/save-file';

export function useSaveFleetSettings() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FleetSettingsUpdate) =>
      http.put<FleetSettings>('fleet/settings', settings),
    // the thresholds change every warning: counts, lists, badges
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}

export type ActivityFilter = Omit<ActivityQuery, 'page' | 'size'>;

export function useActivity(filter: ActivityFilter, page: number, size: number) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...queryKeys.activity, filter, page, size],
    queryFn: () => http.get<ActivityPage>('fleet/events', { query: { ...filter, page, size } }),
    placeholderData: keepPreviousData,
  });
}

export async function downloadActivityCsv(
  http: ReturnType<typeof useServices>['http'],
  filter: ActivityFilter,
  fileName: string,
) {
  const blob = await http.get<Blob>('fleet/events/csv', {
    query: { ...filter },
    responseType: 'blob',
  });
  saveFile(blob, fileName);
}
