// GET tasks?status&kind&vehicleNumber&mine&unassigned&near&sort&after&size (docs/tasks.md): the fleet's
// tasks (managers' list), a bike's (bike page) and the caller's ("My tasks", nearest first
// when the browser gives a position). Keys sit under ['tasks'] so that every action reads the
// lists again.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskDetail, TaskKind, TaskPage, TaskStatus } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { useServices } from '../../services/services';

export interface TasksQuery {
  status?: 'active' | 'all' | TaskStatus;
  kind?: TaskKind;
  vehicleNumber?: string;
  mine?: boolean;
  unassigned?: boolean;
  /** `lat,lon` */
  near?: string;
  sort?: 'due' | 'priority' | 'created' | 'distance';
  /** the `next` of the previous page (keyset paging, ADR 0105) */
  after?: string;
  page?: number;
  size?: number;
}

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TasksQuery) => ['tasks', 'list', query] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
};

export const getTasks = (http: HttpClient, query: TasksQuery) =>
  http.get<TaskPage>('tasks', { query: { ...query } });

export const getTask = (http: HttpClient, id: string) =>
  http.get<TaskDetail>(`tasks/${encodeURIComponent(id)}`);

export function useTasks(query: TasksQuery, enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: taskKeys.list(query),
    queryFn: () => getTasks(http, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaskDetail(id: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: taskKeys.detail(id ?? ''),
    queryFn: () => getTask(http, id!),
    enabled: !!id,
  });
}
