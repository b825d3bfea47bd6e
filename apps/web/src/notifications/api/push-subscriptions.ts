// The caller's browsers subscribed to web push (ADR 0098): GET push-subscriptions
// (the push service's origin and the browser's user agent, never the endpoint) and
// DELETE push-subscriptions/{id} — listed and removed in My account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionList } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const getPushSubscriptions = (http: HttpClient) =>
  http.get<PushSubscriptionList>('push-subscriptions');

export function usePushSubscriptions() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.notifications.pushSubscriptions,
    queryFn: () => getPushSubscriptions(http),
  });
}

export const deletePushSubscription = (http: HttpClient, id: string) =>
  http.delete<void>(`push-subscriptions/${encodeURIComponent(id)}`);

export function useDeletePushSubscription() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePushSubscription(http, id),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.notifications.pushSubscriptions }),
  });
}

/** A browser's name and system from its user agent ("Firefox", "Android"), null when unknown. */
export function describeBrowser(userAgent: string | null): {
  browser: string | null;
  system: string | null;
} {
  const ua = userAgent ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /CrOS/.test(ua)
        ? 'ChromeOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, system };
}
