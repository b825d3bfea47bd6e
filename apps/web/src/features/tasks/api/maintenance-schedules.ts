// GET / POST maintenance/schedules, DELETE maintenance/schedules/{id} (docs/tasks.md): the
// fleet's maintenance schedules on the Tasks page (managers).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MaintenanceSchedule,
  MaintenanceScheduleCreate,
  MaintenanceScheduleList,
} from '@vfm/contract';
import { useServices } from '../../../services/services';

const KEY = ['tasks', 'maintenance-schedules'] as const;

export function useMaintenanceSchedules() {
  const { http } = useServices();
  return useQuery({
    queryKey: KEY,
    queryFn: () => http.get<MaintenanceScheduleList>('maintenance/schedules'),
  });
}

export function useCreateSchedule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceScheduleCreate) =>
      http.post<MaintenanceSchedule>('maintenance/schedules', body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useDeleteSchedule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete<void>(`maintenance/schedules/${encodeURIComponent(id)}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}
