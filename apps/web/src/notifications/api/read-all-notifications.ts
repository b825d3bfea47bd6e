// POST notifications/read-all: every notification of the caller read; answers the count (0).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationUnread } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const readAllNotifications = (http: HttpClient) =>
  http.post<NotificationUnread>('notifications/read-all');

export function useReadAllNotifications() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readAllNotifications(http),
    onSuccess: (unread) => queryClient.setQueryData(queryKeys.notifications.unread, unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list }),
  });
}
