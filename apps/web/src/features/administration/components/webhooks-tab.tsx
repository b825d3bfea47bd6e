// Administration → Webhooks (docs/webhooks.md; admin only): the fleet's endpoints that receive its
// alerts as signed requests. Create one (its secret shows once, with a copy button), change its
// kinds or URL, turn it off and on, send a test event, read its delivery log and redeliver,
// give it a new secret, delete it. An endpoint failing for 24 h was turned off by the server:
// it says so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Webhook as WebhookIcon } from 'lucide-react';
import type { Webhook, WebhookWithSecret } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm, type WebhookFormValues } from './webhook-form';
import admin from './administration.module.css';
import { WEBHOOK_EVENT_LABELS } from './webhook-events';
import styles from './webhooks.module.css';

type Panel = { id: string; view: 'edit' | 'log' } | null;

export function WebhooksTab() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { toasts } = useServices();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [adding, setAdding] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
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

  const stateOf = (webhook: Webhook) =>
    webhook.enabled
      ? webhook.failingSince
        ? t('administration.webhooks.failing', { since: format.dateTime(webhook.failingSince) })
        : t('administration.webhooks.on')
      : webhook.disabledReason === 'FAILING'
        ? t('administration.webhooks.offFailing')
        : t('administration.webhooks.off');

  let body;
  if (webhooks.isPending)
    body = <TableStatus kind="loading" text={t('administration.webhooks.loading')} />;
  else if (!webhooks.data)
    body = (
      <TableStatus
        kind="error"
        text={t('administration.webhooks.error')}
        retry={t('administration.webhooks.reload')}
        onRetry={() => void webhooks.refetch()}
      />
    );
  else if (!webhooks.data.content.length && !adding)
    body = (
      <TableStatus
        kind="empty"
        icon={<WebhookIcon size={24} aria-hidden="true" />}
        title={t('administration.webhooks.empty')}
        hint={t('administration.webhooks.emptyHint')}
      />
    );
  else
    body = (
      <ul className={styles.list} aria-label={t('administration.webhooks.listLabel')}>
        {webhooks.data.content.map((webhook) => {
          const open = panel?.id === webhook.id ? panel.view : null;
          return (
            <li key={webhook.id} className={styles.item} data-testid="webhook">
              <div className={styles.itemHead}>
                <code className={styles.url}>{webhook.url}</code>
                <span className={webhook.enabled ? styles.on : styles.off}>{stateOf(webhook)}</span>
              </div>
              {webhook.description && <p className={styles.muted}>{webhook.description}</p>}
              <p className={styles.muted}>
                {webhook.kinds.map((kind) => t(`bike.warning.${kind}`)).join(', ')}
                {webhook.events
                  .filter((event) => event !== 'alert.opened')
                  .map(
                    (event) =>
                      ` · ${t(`administration.webhooks.eventTypes.${WEBHOOK_EVENT_LABELS[event]}`)}`,
                  )}
                {` · ${t('administration.webhooks.secretHint', { hint: webhook.secretHint })}`}
              </p>
              <div className={styles.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-expanded={open === 'log'}
                  onClick={() => setPanel(open === 'log' ? null : { id: webhook.id, view: 'log' })}
                >
                  {t('administration.webhooks.log')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={test.isPending}
                  onClick={() => sendTest(webhook)}
                >
                  {t('administration.webhooks.test')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-expanded={open === 'edit'}
                  onClick={() => {
                    setUrlError(undefined);
                    setPanel(open === 'edit' ? null : { id: webhook.id, view: 'edit' });
                  }}
                >
                  {t('administration.webhooks.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={update.isPending}
                  onClick={() => save(webhook, { enabled: !webhook.enabled })}
                >
                  {webhook.enabled
                    ? t('administration.webhooks.turnOff')
                    : t('administration.webhooks.turnOn')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={rotate.isPending}
                  onClick={() => newSecret(webhook)}
                >
                  {t('administration.webhooks.rotate')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setDeleting(webhook)}>
                  {t('administration.webhooks.delete')}
                </Button>
              </div>
              {open === 'edit' && (
                <WebhookForm
                  initial={webhook}
                  urlError={urlError}
                  busy={update.isPending}
                  submitLabel={t('administration.webhooks.save')}
                  onSubmit={(values) => save(webhook, values)}
                  onCancel={() => setPanel(null)}
                />
              )}
              {open === 'log' && <WebhookDeliveries webhookId={webhook.id} />}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className={`${admin.card} ${styles.tab}`} aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className={admin.cardTitle}>
        <WebhookIcon size={20} aria-hidden="true" />
        {t('administration.webhooks.title')}
      </h2>
      <p className={admin.hint}>{t('administration.webhooks.intro')}</p>
      {shown && (
        <div className={admin.secretOnce} role="status" data-testid="webhook-secret">
          <strong>{t('administration.webhooks.secretTitle')}</strong>
          <p>{t('administration.webhooks.secretOnce', { url: shown.webhook.url })}</p>
          <code className={admin.feedCode} data-testid="webhook-secret-value">
            {shown.secret}
          </code>
          <div className={admin.rowActions}>
            <Button size="sm" variant="secondary" onClick={() => void copySecret(shown.secret)}>
              <Copy size={16} aria-hidden="true" />
              {t('administration.webhooks.copySecret')}
            </Button>
            <Button size="sm" onClick={() => setShown(null)}>
              {t('administration.webhooks.done')}
            </Button>
          </div>
        </div>
      )}
      {adding ? (
        <WebhookForm
          urlError={urlError}
          busy={create.isPending}
          submitLabel={t('administration.webhooks.create')}
          onSubmit={add}
          onCancel={() => {
            setAdding(false);
            setUrlError(undefined);
          }}
        />
      ) : (
        <div>
          <Button
            onClick={() => {
              setUrlError(undefined);
              setAdding(true);
            }}
          >
            {t('administration.webhooks.add')}
          </Button>
        </div>
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('administration.webhooks.deleteTitle', { url: deleting?.url ?? '' })}
        description={t('administration.webhooks.deleteHint')}
        confirmLabel={t('administration.webhooks.delete')}
        cancelLabel={t('administration.webhooks.cancel')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
