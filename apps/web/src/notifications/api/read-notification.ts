// POST notifications/{id}/read: a notification opened; the answer is the unread count.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationUnread } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const readNotification = (http: HttpClient, id: string) =>
  http.post<NotificationUnread>(`notifications/${encodeURIComponent(id)}/read`);

export function useReadNotification() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readNotification(http, id),
    onSuccess: (unread) => queryClient.setQueryData(queryKeys.notifications.unread, unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list }),
  });
}
