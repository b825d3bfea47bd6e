// POST notification-rules/{id}/resubscribe: the rule's e-mails again after a one-click
// unsubscribe (docs/notifications.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationRule } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const resubscribeNotificationRule = (http: HttpClient, id: string) =>
  http.post<NotificationRule>(`notification-rules/${encodeURIComponent(id)}/resubscribe`);

export function useResubscribeNotificationRule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resubscribeNotificationRule(http, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.rules }),
  });
}
