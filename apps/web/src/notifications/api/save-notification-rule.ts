// POST notification-rules (a new rule) or PUT notification-rules/{id} (with the version read:
// 409 when someone changed it meanwhile).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationRule,
  NotificationRuleCreate,
  NotificationRuleUpdate,
} from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export type RuleSave =
  { id: null; body: NotificationRuleCreate } | { id: string; body: NotificationRuleUpdate };

export const saveNotificationRule = (http: HttpClient, save: RuleSave) =>
  save.id === null
    ? http.post<NotificationRule>('notification-rules', save.body)
    : http.put<NotificationRule>(`notification-rules/${encodeURIComponent(save.id)}`, save.body);

export function useSaveNotificationRule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: RuleSave) => saveNotificationRule(http, save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.rules }),
  });
}
