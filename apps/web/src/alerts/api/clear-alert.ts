// POST alerts/{id}/clear {reason}: a user ends the alert by hand (409 if it already ended).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertClear } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { useServices } from '../../services/services';
import { refetchAfterAction } from './get-alerts';

export const clearAlert = (http: HttpClient, id: string, body: AlertClear) =>
  http.post<Alert>(`alerts/${encodeURIComponent(id)}/clear`, body);

export function useClearAlert() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alert, reason }: { alert: Alert; reason: string }) =>
      clearAlert(http, alert.id, { reason }),
    // a 409 (cleared meanwhile) refetches too: the row then shows what happened
    onSettled: (_, __, { alert }) => refetchAfterAction(queryClient, alert),
  });
}
