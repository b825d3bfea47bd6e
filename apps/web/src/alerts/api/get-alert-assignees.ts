// GET alerts/assignees: the users of the fleet an alert may be assigned to.
import { useQuery } from '@tanstack/react-query';
import type { AlertAssignees } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const getAlertAssignees = (http: HttpClient) => http.get<AlertAssignees>('alerts/assignees');

export function useAlertAssignees(enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.alerts.assignees,
    queryFn: () => getAlertAssignees(http),
    staleTime: 5 * 60_000,
    enabled,
  });
}
