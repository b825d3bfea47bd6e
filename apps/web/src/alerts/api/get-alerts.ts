// GET alerts?state&kind&vehicleNumber&mine&page&size (issue 20 §5, newest first): a bike's
// active alerts (warnings rows, bike page), its cleared ones (bike page history) and the active
// alerts assigned to the caller (warnings screen). Keys are per bike, so that the stream's
// `alerts` event reads again only the bikes it names (live/apply-to-cache.ts).
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type { Alert, AlertKind, AlertPage, AlertStateFilter } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export interface AlertsQuery {
  state?: AlertStateFilter;
  kind?: AlertKind;
  vehicleNumber?: string;
  mine?: boolean;
  page?: number;
  size?: number;
}

export const getAlerts = (http: HttpClient, query: AlertsQuery) =>
  http.get<AlertPage>('alerts', { query: { ...query } });

/** A bike has one active alert per kind at most: one page holds them all. */
const ACTIVE_SIZE = 50;
export const HISTORY_SIZE = 20;

export function useActiveAlerts(vehicleNumber: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.alerts.active(vehicleNumber),
    queryFn: () => getAlerts(http, { state: 'active', vehicleNumber, size: ACTIVE_SIZE }),
    // a warnings row scrolled out and back in a moment later does not ask again
    staleTime: 30_000,
  });
}

export function useAlertHistory(vehicleNumber: string) {
  const { http } = useServices();
  return useInfiniteQuery({
    queryKey: queryKeys.alerts.history(vehicleNumber),
    queryFn: ({ pageParam }) =>
      getAlerts(http, { state: 'CLEARED', vehicleNumber, page: pageParam, size: HISTORY_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      (last.page + 1) * last.size < last.totalElements ? last.page + 1 : undefined,
  });
}

export function useMyAlerts(kind: AlertKind | null, page: number, size: number) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.alerts.mine({ kind, page, size }),
    queryFn: () =>
      getAlerts(http, { state: 'active', mine: true, kind: kind ?? undefined, page, size }),
    placeholderData: keepPreviousData,
  });
}

/** After an action on an alert: its bike's alerts and the lists across bikes read again. */
export function refetchAfterAction(queryClient: QueryClient, alert: Pick<Alert, 'vehicleNumber'>) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.bike(alert.vehicleNumber) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.lists });
}
