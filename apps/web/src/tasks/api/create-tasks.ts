// POST tasks {kind, vehicleNumbers, title?, priority?, dueAt?, assigneeId?, notes?}: one task
// per bike — the bike page's one, the fleet selection's up to 100 (docs/tasks.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskCreate, TaskCreated } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { useServices } from '../../services/services';
import { taskKeys } from './get-tasks';

export const createTasks = (http: HttpClient, body: TaskCreate) =>
  http.post<TaskCreated>('tasks', body);

export function useCreateTasks() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskCreate) => createTasks(http, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
