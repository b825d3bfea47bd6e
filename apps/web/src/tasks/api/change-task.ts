// One change of a task (docs/tasks.md): start (take), finish, cancel, reopen —
// POST tasks/{id}/{action} — and a checklist item, PUT tasks/{id}/checklist/{item}. A change
// made without a connection waits in the outbox (offline-outbox.ts) and is sent when the
// browser is back online; the caller learns which of the two happened.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { isApiError } from '../../api/api-error';
import { useServices } from '../../services/services';
import type { ToastInput } from '../../ui/toast/toast-store';
import { taskKeys } from './get-tasks';
import { outbox, type TaskChange } from './offline-outbox';

export type { TaskChange };

export const sendTaskChange = (http: HttpClient, change: TaskChange) => {
  const path = `tasks/${encodeURIComponent(change.taskId)}`;
  if (change.action === 'check') {
    return http.put<Task>(`${path}/checklist/${encodeURIComponent(change.item)}`, {
      checked: change.checked,
    });
  }
  if (change.action === 'finish') return http.post<Task>(`${path}/finish`, change.record ?? {});
  return change.action === 'start'
    ? http.post<Task>(`${path}/start`)
    : http.post<Task>(`${path}/${change.action}`, {});
};

/** No answer at all (not an HTTP error): the network is down. */
export const isOffline = (error: unknown) =>
  !isApiError(error) || (typeof navigator !== 'undefined' && navigator.onLine === false);

export type ChangeOutcome = { sent: Task } | { queued: true };

/** What a handled change says: `done` once sent, `queued` while it waits in the outbox. */
export const outcomeToast = (outcome: ChangeOutcome, done: string, queued: string): ToastInput =>
  'queued' in outcome ? { type: 'info', message: queued } : { type: 'success', message: done };

export function useChangeTask() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    // runs offline too (TanStack Query would pause it): the outbox keeps the action, the user
    // is told at once, and it survives a reload
    networkMode: 'always',
    mutationFn: async (change: TaskChange): Promise<ChangeOutcome> => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        outbox.add(change);
        return { queued: true };
      }
      try {
        return { sent: await sendTaskChange(http, change) };
      } catch (error) {
        if (!isApiError(error)) {
          outbox.add(change);
          return { queued: true };
        }
        throw error;
      }
    },
    // not awaited: offline, the lists cannot be read again, and the next action must not wait
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
