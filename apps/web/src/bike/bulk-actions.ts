// The fleet's bulk calls (DESIGN §5, SPEC §7): assistance lock/unlock and IoT mode go out as
// commands through the one command path (commands/send-commands.ts: 202, PENDING until each
// module acknowledges, followed by commands/use-command-answers.ts); availability is changed
// at once; an administrator's removal takes the bikes out of the fleet.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Availability, AvailabilityResult, VehicleRemovalResult } from '@vfm/contract';
import { BULK_LIMIT } from '@vfm/contract/constants';
import { isApiError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';
import { useSendCommands, type CommandRequest } from './commands/send-commands';
import { useCommandFollowUp } from './commands/use-command-answers';

/** The commands a selection may be sent (the alarm is one bike's). */
type BulkCommand = Exclude<CommandRequest, { kind: 'alarm' }>;

export type BulkAction =
  | BulkCommand
  | { kind: 'availability'; availability: Availability }
  /** administrators only: the bikes leave the fleet (their modules can no longer connect) */
  | { kind: 'remove' };

/** The bulk actions that are not commands. */
type BulkChange = Extract<BulkAction, { kind: 'availability' | 'remove' }>;

export type BulkResult =
  | { kind: 'availability'; result: AvailabilityResult }
  | { kind: 'removed'; result: VehicleRemovalResult };

export async function runBulkChange(
  http: HttpClient,
  vehicleNumbers: readonly string[],
  action: BulkChange,
): Promise<BulkResult> {
  switch (action.kind) {
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

export function useBulkChange() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleNumbers, action }: { vehicleNumbers: string[]; action: BulkChange }) =>
      runBulkChange(http, vehicleNumbers, action),
    // the stream brings each bike's new state; the counts (and, after a removal, the lists and
    // the map) are refreshed now
    onSuccess: (result) =>
      queryClient.invalidateQueries({
        queryKey: result.kind === 'removed' ? queryKeys.fleet.all : queryKeys.fleet.information,
      }),
  });
}

const isCommand = (action: BulkAction): action is BulkCommand =>
  action.kind === 'lock' || action.kind === 'mode';

/**
 * Runs a bulk action on the selected bikes (at most BULK_LIMIT) and tells the user: the
 * commands sent, then through the stream their acknowledgement or failure; an availability
 * change; or why the call was refused.
 */
export function useBulkRunner() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const send = useSendCommands();
  const change = useBulkChange();
  const followCommands = useCommandFollowUp();
  const onError = (error: unknown) => {
    const detail = isApiError(error) ? (error.problem?.detail ?? error.problem?.title) : null;
    toasts.show({
      type: 'error',
      message: t('bike.toast.error', { detail: detail ?? t('errors.generic') }),
    });
  };
  const run = (selected: Iterable<string>, action: BulkAction) => {
    const vehicleNumbers = [...selected].slice(0, BULK_LIMIT);
    if (isCommand(action)) {
      send.mutate(
        { target: { vehicleNumbers }, request: action },
        {
          onSuccess: (accepted) => {
            followCommands(accepted.commands);
            toasts.show({
              type: 'info',
              message: t('bike.toast.sent', { count: accepted.commands.length }),
            });
          },
          onError,
        },
      );
      return;
    }
    change.mutate(
      { vehicleNumbers, action },
      {
        onSuccess: (result) => {
          if (result.kind === 'removed') {
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
        onError,
      },
    );
  };
  return { run, busy: send.isPending || change.isPending };
}
