// The fleet's bulk calls (DESIGN §5, SPEC §7): assistance lock/unlock and IoT mode go out as
// commands (202, PENDING until each module acknowledges), availability is changed at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Availability, AvailabilityResult, CommandsAccepted, IotMode } from '@vfm/contract';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';

export type BulkAction =
  | { kind: 'lock'; active: boolean }
  | { kind: 'mode'; mode: IotMode }
  | { kind: 'availability'; availability: Availability };

export type BulkResult =
  | { kind: 'commands'; accepted: CommandsAccepted }
  | { kind: 'availability'; result: AvailabilityResult };

export async function runBulkAction(
  http: HttpClient,
  vehicleNumbers: readonly string[],
  action: BulkAction,
): Promise<BulkResult> {
  switch (action.kind) {
    case 'lock':
      return {
        kind: 'commands',
        accepted: await http.post<CommandsAccepted>('commands/lockControl', undefined, {
          query: { vehicleNumbers, active: action.active },
        }),
      };
    case 'mode':
      return {
        kind: 'commands',
        accepted: await http.post<CommandsAccepted>('commands/mode', undefined, {
          query: { vehicleNumbers, mode: action.mode },
        }),
      };
    case 'availability':
      return {
        kind: 'availability',
        result: await http.put<AvailabilityResult>('products/availability', undefined, {
          query: { vehicleNumbers, availability: action.availability },
        }),
      };
  }
}

export function useBulkAction() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleNumbers, action }: { vehicleNumbers: string[]; action: BulkAction }) =>
      runBulkAction(http, vehicleNumbers, action),
    // the stream brings each bike's new state; the counts are refreshed now
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fleet.information }),
  });
}
