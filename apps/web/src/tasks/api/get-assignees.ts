// GET alerts/assignees: the fleet's active users, whom a task may be assigned to (the same
// list as an alert's; docs/tasks.md).
import { useQuery } from '@tanstack/react-query';
import type { AlertAssignees } from '@vfm/contract';
import { useServices } from '../../services/services';

export function useTaskAssignees(enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: ['tasks', 'assignees'],
    queryFn: () => http.get<AlertAssignees>('alerts/assignees'),
    enabled,
    staleTime: 60_000,
  });
}
