// The fleet's bulk calls (DESIGN §5, SPEC §7): assistance lock/unlock and IoT mode go out as
// commands (202, PENDING until each module acknowledges), availability is changed at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  Availability,
  AvailabilityResult,
  CommandsAccepted,
  IotMode,
  VehicleRemovalResult,
} from '@vfm/contract';
import { BULK_LIMIT } from '@vfm/contract/constants';
import { isApiError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';
import { useCommandFollowUp } from './use-command-followup';

export type BulkAction =
  | { kind: 'lock'; active: boolean }
  | { kind: 'mode'; mode: IotMode }
  | { kind: 'availability'; availability: Availability }
  /** administrators only: the bikes leave the fleet (their modules can no longer connect) */
  | { kind: 'remove' };

export type BulkResult =
  | { kind: 'commands'; accepted: CommandsAccepted }
  | { kind: 'availability'; result: AvailabilityResult }
  | { kind: 'removed'; result: VehicleRemovalResult };

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
    case 'remove':
      return {
        kind: 'removed',
        result: await http.delete<VehicleRemovalResult>('fleet/admin/vehicles', {
          query: { vehicleNumbers },
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
    // the stream brings each bike's new state; the counts (and, after a removal, the lists and
    // the map) are refreshed now
    onSuccess: (result) =>
      queryClient.invalidateQueries({
        queryKey: result.kind === 'removed' ? queryKeys.fleet.all : queryKeys.fleet.information,
      }),
  });
}

/**
 * Runs a bulk action on the selected bikes (at most BULK_LIMIT) and tells the user: the
 * commands sent, then through the stream their acknowledgement or failure; an availability
 * change; or why the call was refused.
 */
export function useBulkRunner() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const bulk = useBulkAction();
  const followCommands = useCommandFollowUp();
  const run = (selected: Iterable<string>, action: BulkAction) => {
    const vehicleNumbers = [...selected].slice(0, BULK_LIMIT);
    bulk.mutate(
      { vehicleNumbers, action },
      {
        onSuccess: (result) => {
          if (result.kind === 'commands') {
            followCommands(result.accepted.commands);
            toasts.show({
              type: 'info',
              message: t('bike.toast.sent', { count: result.accepted.commands.length }),
            });
          } else if (result.kind === 'removed') {
            toasts.show({
              type: 'success',
              message: t('bike.toast.removed', { count: result.result.removed }),
            });
          } else {
            toasts.show({
              type: 'success',
              message: t('bike.toast.availability', { count: vehicleNumbers.length }),
            });
          }
        },
        onError: (error) => {
          const detail = isApiError(error) ? (error.problem?.detail ?? error.problem?.title) : null;
          toasts.show({
            type: 'error',
            message: t('bike.toast.error', { detail: detail ?? t('errors.generic') }),
          });
        },
      },
    );
  };
  return { run, busy: bulk.isPending };
}
