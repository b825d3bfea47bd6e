// GET notifications (newest first, with the unread count) and GET notifications/unread (the
// bell's count): docs/notifications.md. The stream's `notifications` event writes the count and reads the
// list again (live/stream-controller.ts).
import { useQuery } from '@tanstack/react-query';
import type { NotificationPage, NotificationUnread } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

/** the bell shows the newest ones; the rest are in the past */
export const BELL_PAGE_SIZE = 20;

export const getNotifications = (http: HttpClient) =>
  http.get<NotificationPage>('notifications', { query: { size: BELL_PAGE_SIZE } });

export const getUnreadCount = (http: HttpClient) =>
  http.get<NotificationUnread>('notifications/unread');

export function useNotifications(enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: () => getNotifications(http),
    enabled,
  });
}

export function useUnreadCount() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: () => getUnreadCount(http),
    // the stream keeps it up to date; a reload of the page reads it again
    staleTime: Infinity,
  });
}
