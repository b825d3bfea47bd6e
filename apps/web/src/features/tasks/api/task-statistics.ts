// GET tasks/statistics and tasks/statistics/csv (docs/tasks.md): the last 30 days by default.
import { useQuery } from '@tanstack/react-query';
import type { TaskStatistics } from '@vfm/contract';
import type { HttpClient } from '../../../api/http-client';
import { useServices } from '../../../services/services';
import { saveFile } from '../../../api/save-file';

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
  saveFile(blob, `tasks-${from}-${to}.csv`);
}
