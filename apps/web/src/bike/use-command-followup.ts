// Follows the commands a bulk action sent until every module answered (issue "fleet screen"
// §5): the stream brings each command's new status; acknowledgements are summed up in one
// success toast, failures and expiries name the bikes concerned.
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Command } from '@vfm/contract';
import { useLive } from '../live/live-context';
import { useServices } from '../services/services';

export function useCommandFollowUp() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const live = useLive();
  /** command id → vehicle number, per bulk action */
  const waiting = useRef<Array<{ ids: Map<string, string>; acknowledged: number }>>([]);

  useEffect(
    () =>
      live.subscribe((batch) => {
        if (!batch.commands.length || !waiting.current.length) return;
        const failed: string[] = [];
        const expired: string[] = [];
        const settle = (command: Command) => {
          for (const group of waiting.current) {
            if (!group.ids.has(command.id)) continue;
            if (command.status === 'PENDING') return;
            group.ids.delete(command.id);
            if (command.status === 'ACKNOWLEDGED') group.acknowledged += 1;
            else (command.status === 'FAILED' ? failed : expired).push(command.vehicleNumber);
            if (!group.ids.size && group.acknowledged) {
              toasts.show({
                type: 'success',
                message: t('bike.toast.acknowledged', { count: group.acknowledged }),
              });
            }
          }
        };
        batch.commands.forEach(settle);
        waiting.current = waiting.current.filter((group) => group.ids.size > 0);
        if (failed.length)
          toasts.show({
            type: 'error',
            message: t('bike.toast.failed', { list: failed.join(', ') }),
          });
        if (expired.length)
          toasts.show({
            type: 'warning',
            message: t('bike.toast.expired', { list: expired.join(', ') }),
          });
      }),
    [live, toasts, t],
  );

  return useCallback((commands: readonly Command[]) => {
    waiting.current.push({
      ids: new Map(commands.map((command) => [command.id, command.vehicleNumber])),
      acknowledged: 0,
    });
  }, []);
}
