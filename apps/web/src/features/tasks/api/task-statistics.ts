// GET tasks/statistics and tasks/statistics/csv (docs/tasks.md): the last 30 days by default.
import { useQuery } from '@tanstack/react-query';
import type { TaskStatistics } from '@vfm/contract';
import type { HttpClient } from '../../../api/http-client';
import { useServices } from '../../../services/services';

export function useTaskStatistics() {
  const { http } = useServices();
  return useQuery({
    queryKey: ['tasks', 'statistics'],
    queryFn: () => http.get<TaskStatistics>('tasks/statistics'),
  });
}

export async function downloadTaskStatisticsCsv(http: HttpClient, from: string, to: string) {
  const blob = await http.get<Blob>('tasks/statistics/csv', {
    query: { from, to },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `tasks-${from}-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
