// The modules' answers to commands, as the stream brings them (the other half of the web
// command path, send-commands.ts): useCommandAnswers() is the one subscription to the commands
// of the stream; on it, the bike page hears each acknowledgement of its bike
// (useBikeCommandAnswers) and a bulk action follows the commands it sent until every module
// answered (useCommandFollowUp: acknowledgements summed up in one success toast, failures and
// expiries naming the bikes concerned). When the stream may have lost answers (it came back
// after a loss, or the server asked to reload), the commands still awaited are read again.
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Command } from '@vfm/contract';
import { useLive } from '../../live/live-context';
import { useServices } from '../../services/services';
import { getBikeCommands } from './get-bike-commands';

/** Calls `listener` with each batch of commands the stream brings (created or changed). */
export function useCommandAnswers(listener: (commands: readonly Command[]) => void) {
  const live = useLive();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(
    () =>
      live.subscribe((batch) => {
        if (batch.commands.length) latest.current(batch.commands);
      }),
    [live],
  );
}

/** The bike page: each command of this bike acknowledged while the page is open, handed to
 * `onAcknowledged` once (a command's state may come more than once: its creation, its answer,
 * a resync). */
export function useBikeCommandAnswers(
  vehicleNumber: string,
  onAcknowledged: (command: Command) => void,
) {
  const told = useRef(new Set<string>());
  useCommandAnswers((commands) => {
    for (const command of commands) {
      if (command.vehicleNumber !== vehicleNumber || told.current.has(command.id)) continue;
      if (command.status === 'ACKNOWLEDGED') {
        told.current.add(command.id);
        onAcknowledged(command);
      }
    }
  });
}

/** How long an answer is remembered for a bulk action whose 202 comes after it. */
const EARLY_ANSWERS_MS = 60_000;
/** a bike's newest commands read again after a loss: the awaited one is among them */
const RECHECK_SIZE = 10;
/** bikes read at a time after a loss */
const RECHECK_PARALLEL = 6;

/** A bulk action: follow(commands) after the 202; the answers are told as they settle. A
 *  module may answer before the 202 reaches the page (the stream is quicker than a busy
 *  request): the answers of the last minute are kept and read when the action is followed. */
export function useCommandFollowUp() {
  const { t } = useTranslation();
  const { toasts, http } = useServices();
  const live = useLive();
  /** command id → vehicle number, per bulk action */
  const waiting = useRef<Array<{ ids: Map<string, string>; acknowledged: number }>>([]);
  /** the settled answers of the last minute, by command id */
  const answered = useRef(new Map<string, { command: Command; at: number }>());

  const settleAll = useCallback(
    (commands: readonly Command[]) => {
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
      commands.forEach(settle);
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
    },
    [t, toasts],
  );

  // the stream came back after a loss or was told to reload: the answers of that time may be
  // gone, so the commands still awaited are read from the server
  useEffect(
    () =>
      live.onResync(() => {
        const bikes = [...new Set(waiting.current.flatMap((group) => [...group.ids.values()]))];
        void (async () => {
          for (let from = 0; from < bikes.length; from += RECHECK_PARALLEL) {
            const read = await Promise.all(
              bikes
                .slice(from, from + RECHECK_PARALLEL)
                .map((bike) => getBikeCommands(http, bike, RECHECK_SIZE).catch(() => [])),
            );
            settleAll(read.flat().filter((command) => command.status !== 'PENDING'));
          }
        })();
      }),
    [live, http, settleAll],
  );

  useCommandAnswers((commands) => {
    const now = Date.now();
    for (const [id, kept] of answered.current) {
      if (now - kept.at > EARLY_ANSWERS_MS) answered.current.delete(id);
    }
    for (const command of commands) {
      if (command.status !== 'PENDING') answered.current.set(command.id, { command, at: now });
    }
    if (waiting.current.length) settleAll(commands);
  });

  return useCallback(
    (commands: readonly Command[]) => {
      waiting.current.push({
        ids: new Map(commands.map((command) => [command.id, command.vehicleNumber])),
        acknowledged: 0,
      });
      // the answers that came before this 202
      const early = commands.flatMap((command) => {
        const kept = answered.current.get(command.id);
        return kept ? [kept.command] : [];
      });
      if (early.length) settleAll(early);
    },
    [settleAll],
  );
}
