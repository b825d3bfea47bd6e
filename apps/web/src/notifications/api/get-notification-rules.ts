// GET notification-rules: the caller's alert rules and the fleet-wide ones (docs/notifications.md).
import { useQuery } from '@tanstack/react-query';
import type { NotificationRuleList } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const getNotificationRules = (http: HttpClient) =>
  http.get<NotificationRuleList>('notification-rules');

export function useNotificationRules() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.notifications.rules,
    queryFn: () => getNotificationRules(http),
  });
}
