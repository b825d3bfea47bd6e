// What a manager does about a theft (warnings page, bike page) (DESIGN §5, §7): report it
// (POST products/theft/{vn}), cancel it (DELETE), or acknowledge a suspicion — the module's
// ALARM_TRIGGERED event, found in the bike's history (POST commands/ack/{id}).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertAcknowledged, EventPage, TheftResult } from '@vfm/contract';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';

export type TheftAction = 'report' | 'cancel' | 'acknowledge';

const path = (vehicleNumber: string) => encodeURIComponent(vehicleNumber);

export class NoOpenAlertError extends Error {}

async function acknowledgeSuspicion(http: HttpClient, vehicleNumber: string) {
  const history = await http.get<EventPage>(`products/details-actions/${path(vehicleNumber)}`, {
    query: { page: 0, size: 50 },
  });
  const alert = history.content.find((event) => event.name === 'ALARM_TRIGGERED');
  if (!alert) throw new NoOpenAlertError(vehicleNumber);
  return http.post<AlertAcknowledged>(`commands/ack/${alert.id}`);
}

export function runTheftAction(
  http: HttpClient,
  vehicleNumber: string,
  action: TheftAction,
): Promise<TheftResult | AlertAcknowledged> {
  switch (action) {
    case 'report':
      return http.post<TheftResult>(`products/theft/${path(vehicleNumber)}`);
    case 'cancel':
      return http.delete<TheftResult>(`products/theft/${path(vehicleNumber)}`);
    case 'acknowledge':
      return acknowledgeSuspicion(http, vehicleNumber);
  }
}

export function useTheftAction() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleNumber, action }: { vehicleNumber: string; action: TheftAction }) =>
      runTheftAction(http, vehicleNumber, action),
    onSuccess: (_, { vehicleNumber }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.bike(vehicleNumber) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.warnings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.information });
    },
  });
}
