// The offline outbox in a page (docs/tasks.md): what waits, sent when the browser says it is
// online again (and when the page opens), each result said in a toast — done, or refused with
// the server's reason. Nothing leaves the outbox without the user being told.
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { useServices } from '../services/services';
import { sendTaskChange, type TaskChange } from './api/change-task';
import { taskKeys } from './api/get-tasks';
import { outbox } from './api/offline-outbox';

export function useTaskOutbox() {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TaskChange[]>(() => outbox.pending());
  const [online, setOnline] = useState(() => navigator.onLine !== false);

  const flush = useCallback(async () => {
    const results = await outbox.flush(
      (change) => sendTaskChange(http, change),
      (error) => !isApiError(error),
      (error) => (isApiError(error) && error.problem?.detail) || t('tasks.errors.generic'),
    );
    if (!results.length) return;
    const sent = results.filter((r) => r.refused === null).length;
    if (sent) toasts.show({ type: 'success', message: t('tasks.offline.sent', { count: sent }) });
    for (const result of results.filter((r) => r.refused !== null)) {
      toasts.show({
        type: 'error',
        message: t('tasks.offline.refused', {
          vehicleNumber: result.change.vehicleNumber,
          action: t(`tasks.actions.${result.change.action}`),
          reason: result.refused,
        }),
      });
    }
    await queryClient.invalidateQueries({ queryKey: taskKeys.all });
  }, [http, queryClient, t, toasts]);

  useEffect(() => outbox.subscribe(setPending), []);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    if (navigator.onLine !== false) void flush();
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [flush]);

  return { pending, online, flush };
}
