// The calls of the bike page (DESIGN §5): its details, command history, event history (paged,
// newest first), self-diagnosis; the availability change (its commands go
// through the one web command path, src/bike/commands). Every key sits
// under queryKeys.bikes.bike(vn), which the stream controller refetches when that bike, one
// of its commands or one of its events changes: the page is live without a timer.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Autotest, Availability, AvailabilityResult, EventPage, Trips } from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { getBikeCommands } from '../../../bike/commands/get-bike-commands';
import { useServices } from '../../../services/services';

const path = (vehicleNumber: string) => encodeURIComponent(vehicleNumber);
export const HISTORY_PAGE_SIZE = 30;

export function useCommandHistory(vehicleNumber: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.bikes.commands(vehicleNumber),
    queryFn: () => getBikeCommands(http, vehicleNumber, 100),
  });
}

export function useEventHistory(vehicleNumber: string) {
  const { http } = useServices();
  return useInfiniteQuery({
    queryKey: queryKeys.bikes.events(vehicleNumber),
    queryFn: ({ pageParam }) =>
      http.get<EventPage>(`products/details-actions/${path(vehicleNumber)}`, {
        query: { page: pageParam, size: HISTORY_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      (last.page + 1) * last.size < last.totalElements ? last.page + 1 : undefined,
  });
}

export function useTrips(vehicleNumber: string, period: { from: string; to: string }) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.bikes.trips(vehicleNumber, period.from, period.to),
    queryFn: () =>
      http.get<Trips>(`products/details/trips/${path(vehicleNumber)}`, { query: period }),
    placeholderData: keepPreviousData,
  });
}

export function useAutotest(vehicleNumber: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.bikes.autotest(vehicleNumber),
    queryFn: () =>
      http.get<Autotest>(`products/details/autotest/${path(vehicleNumber)}`, {
        query: { size: 20 },
      }),
    placeholderData: keepPreviousData,
  });
}

/** PUT products/availability for this one bike (an audited change, DESIGN §7). */
export function useAvailabilityChange(vehicleNumber: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) =>
      http.put<AvailabilityResult>('products/availability', undefined, {
        query: { vehicleNumbers: [vehicleNumber], availability },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.bike(vehicleNumber) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.information });
    },
  });
}
