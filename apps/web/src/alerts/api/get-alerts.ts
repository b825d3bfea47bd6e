// GET alerts?state&kind&vehicleNumber&mine&page&size (docs/web.md, newest first): a bike's
// active alerts (warnings rows, bike page), its cleared ones (bike page history) and the active
// alerts assigned to the caller (warnings screen). Keys are per bike, so that the stream's
// `alerts` event reads again only the bikes it names (live/apply-to-cache.ts).
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ALERT_BIKES_MAX,
  ALERT_KINDS,
  type Alert,
  type AlertKind,
  type AlertPage,
  type AlertStateFilter,
} from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export interface AlertsQuery {
  state?: AlertStateFilter;
  kind?: AlertKind;
  /** one bike or several */
  vehicleNumber?: string | string[];
  mine?: boolean;
  page?: number;
  size?: number;
}

export const getAlerts = (http: HttpClient, query: AlertsQuery) =>
  http.get<AlertPage>('alerts', { query: { ...query } });

/** A bike has one active alert per kind at most: one page holds them all. */
const ACTIVE_SIZE = 50;
export const HISTORY_SIZE = 20;

interface Waiting {
  vehicleNumber: string;
  resolve: (page: AlertPage) => void;
  reject: (error: unknown) => void;
}

/**
 * The rows of a warnings page each show their bike's active alerts: the queries of one render
 * are gathered and asked together (ALERT_BIKES_MAX bikes a request), then split per bike — the
 * cache keys stay per bike, so the stream's `alerts` event still reads only the bikes it names.
 */
class ActiveAlertsBatch {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly http: HttpClient) {}

  load(vehicleNumber: string): Promise<AlertPage> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ vehicleNumber, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setTimeout(() => this.flush(), 0);
    });
  }

  private flush() {
    const waiting = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    for (let start = 0; start < waiting.length; start += ALERT_BIKES_MAX) {
      const part = waiting.slice(start, start + ALERT_BIKES_MAX);
      const bikes = [...new Set(part.map((w) => w.vehicleNumber))];
      // one active alert per bike and kind at most: one page holds them all
      getAlerts(this.http, {
        state: 'active',
        vehicleNumber: bikes,
        size: bikes.length * ALERT_KINDS.length,
      }).then(
        (page) => {
          for (const w of part) {
            const content = page.content.filter((a) => a.vehicleNumber === w.vehicleNumber);
            w.resolve({ content, totalElements: content.length, page: 0, size: ACTIVE_SIZE });
          }
        },
        (error: unknown) => part.forEach((w) => w.reject(error)),
      );
    }
  }
}

const batches = new WeakMap<HttpClient, ActiveAlertsBatch>();
const batchOf = (http: HttpClient) => {
  let batch = batches.get(http);
  if (!batch) batches.set(http, (batch = new ActiveAlertsBatch(http)));
  return batch;
};

export function useActiveAlerts(vehicleNumber: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.alerts.active(vehicleNumber),
    queryFn: () => batchOf(http).load(vehicleNumber),
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
