// The webhooks tab's state and effects (its view model): which endpoint has its form or its
// delivery log open, the secret shown once after a creation or a new secret, the endpoint
// being deleted, and each action with its outcome. A URL the server refuses (an address it
// will not call) is said under the URL field; any other failure is a toast.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookWithSecret } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import type { WebhookFormValues } from '../components/webhook-form';

export type WebhookPanel = { id: string; view: 'edit' | 'log' } | null;

export function useWebhooksView() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [adding, setAdding] = useState(false);
  const [panel, setPanel] = useState<WebhookPanel>(null);
  const [shown, setShown] = useState<WebhookWithSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [urlError, setUrlError] = useState<string>();

  const failed = (error: unknown) => {
    if (isApiError(error, 400) && error.problem?.code === 'WEBHOOK_URL_REFUSED') {
      setUrlError(error.problem.detail ?? t('administration.webhooks.urlInvalid'));
      return;
    }
    toasts.show({ type: 'error', message: t('administration.webhooks.actionFailed') });
  };

  const add = (values: WebhookFormValues) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        setShown(answer);
        setAdding(false);
        setUrlError(undefined);
        setPanel({ id: answer.webhook.id, view: 'log' });
      },
      onError: failed,
    });

  const save = (webhook: Webhook, values: Partial<WebhookFormValues> & { enabled?: boolean }) =>
    update.mutate(
      {
        id: webhook.id,
        url: webhook.url,
        kinds: webhook.kinds,
        events: webhook.events,
        description: webhook.description,
        enabled: webhook.enabled,
        ...values,
      },
      {
        onSuccess: (saved) => {
          setUrlError(undefined);
          if (values.enabled === undefined) setPanel({ id: saved.id, view: 'log' });
          toasts.show({
            type: 'success',
            message:
              values.enabled === undefined
                ? t('administration.webhooks.saved')
                : t(`administration.webhooks.${saved.enabled ? 'turnedOn' : 'turnedOff'}`),
          });
        },
        onError: failed,
      },
    );

  const sendTest = (webhook: Webhook) =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        setPanel({ id: webhook.id, view: 'log' });
        toasts.show({ type: 'success', message: t('administration.webhooks.testSent') });
      },
      onError: failed,
    });

  const newSecret = (webhook: Webhook) =>
    rotate.mutate(webhook.id, { onSuccess: setShown, onError: failed });

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toasts.show({ type: 'success', message: t('administration.webhooks.copied') });
    } catch {
      toasts.show({ type: 'error', message: t('administration.webhooks.copyFailed') });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setPanel(null);
        toasts.show({ type: 'success', message: t('administration.webhooks.deleted') });
      },
      onError: failed,
    });
  };

  /** the add form opens (or closes) with no refusal left from before */
  const openAdding = (open: boolean) => {
    setUrlError(undefined);
    setAdding(open);
  };
  /** an endpoint's form or log opens, or closes when it was open */
  const togglePanel = (webhook: Webhook, view: 'edit' | 'log') => {
    if (view === 'edit') setUrlError(undefined);
    setPanel(panel?.id === webhook.id && panel.view === view ? null : { id: webhook.id, view });
  };

  return {
    webhooks,
    adding,
    openAdding,
    panel,
    setPanel,
    togglePanel,
    shown,
    setShown,
    deleting,
    setDeleting,
    urlError,
    add,
    save,
    sendTest,
    newSecret,
    copySecret,
    confirmDelete,
    busy: {
      create: create.isPending,
      update: update.isPending,
      remove: remove.isPending,
      rotate: rotate.isPending,
      test: test.isPending,
    },
  };
}

export type WebhooksView = ReturnType<typeof useWebhooksView>;
