// GET / POST report-schedules, DELETE report-schedules/{id}, POST report-schedules/{id}/send
// (ADR 0127): the fleet's report schedules on the Reports screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportSchedule, ReportScheduleInput, ReportScheduleList } from '@vfm/contract';
import { useServices } from '../../../services/services';

const KEY = ['reports', 'schedules'] as const;

export function useReportSchedules() {
  const { http } = useServices();
  return useQuery({
    queryKey: KEY,
    queryFn: () => http.get<ReportScheduleList>('report-schedules'),
  });
}

function useScheduleMutation<T, R>(call: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCreateReportSchedule() {
  const { http } = useServices();
  return useScheduleMutation((body: ReportScheduleInput) =>
    http.post<ReportSchedule>('report-schedules', body),
  );
}

export function useDeleteReportSchedule() {
  const { http } = useServices();
  return useScheduleMutation((id: string) =>
    http.delete<void>(`report-schedules/${encodeURIComponent(id)}`),
  );
}

export function useSendReportNow() {
  const { http } = useServices();
  return useScheduleMutation((id: string) =>
    http.post<{ deliveries: number }>(`report-schedules/${encodeURIComponent(id)}/send`),
  );
}
