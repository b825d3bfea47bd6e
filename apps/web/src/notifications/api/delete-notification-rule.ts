// DELETE notification-rules/{id}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const deleteNotificationRule = (http: HttpClient, id: string) =>
  http.delete<void>(`notification-rules/${encodeURIComponent(id)}`);

export function useDeleteNotificationRule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteNotificationRule(http, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.rules }),
  });
}
