// POST alerts/{id}/assign {assigneeId}: a user of the fleet follows the alert (null: nobody).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertAssign } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { useServices } from '../../services/services';
import { refetchAfterAction } from './get-alerts';

export const assignAlert = (http: HttpClient, id: string, body: AlertAssign) =>
  http.post<Alert>(`alerts/${encodeURIComponent(id)}/assign`, body);

export function useAssignAlert() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alert, assigneeId }: { alert: Alert; assigneeId: string | null }) =>
      assignAlert(http, alert.id, { assigneeId }),
    onSettled: (_, __, { alert }) => refetchAfterAction(queryClient, alert),
  });
}
