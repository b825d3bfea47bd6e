// POST alerts/{id}/acknowledge {comment?}: someone takes the alert (harmless when repeated).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertAcknowledge } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { useServices } from '../../services/services';
import { refetchAfterAction } from './get-alerts';

export const acknowledgeAlert = (http: HttpClient, id: string, body: AlertAcknowledge) =>
  http.post<Alert>(`alerts/${encodeURIComponent(id)}/acknowledge`, body);

export function useAcknowledgeAlert() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alert, comment }: { alert: Alert; comment?: string }) =>
      acknowledgeAlert(http, alert.id, comment ? { comment } : {}),
    onSettled: (_, __, { alert }) => refetchAfterAction(queryClient, alert),
  });
}
