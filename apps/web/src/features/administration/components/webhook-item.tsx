// One endpoint in the webhooks list: its URL and state (on, failing since…, off, or turned off
// by the server after failing for 24 h), its alert kinds and events, the hint of its secret,
// its actions, and its form or delivery log below it.
import { useTranslation } from 'react-i18next';
import type { Webhook } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import { Button } from '../../../ui/button/button';
import type { WebhooksView } from '../state/use-webhooks-view';
import { WebhookDeliveries } from './webhook-deliveries';
import { WEBHOOK_EVENT_LABELS } from './webhook-events';
import { WebhookForm } from './webhook-form';
import styles from './webhooks.module.css';

export function WebhookItem({ webhook, view }: { webhook: Webhook; view: WebhooksView }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const open = view.panel?.id === webhook.id ? view.panel.view : null;
  const state = webhook.enabled
    ? webhook.failingSince
      ? t('administration.webhooks.failing', { since: format.dateTime(webhook.failingSince) })
      : t('administration.webhooks.on')
    : webhook.disabledReason === 'FAILING'
      ? t('administration.webhooks.offFailing')
      : t('administration.webhooks.off');

  return (
    <li className={styles.item} data-testid="webhook">
      <div className={styles.itemHead}>
        <code className={styles.url}>{webhook.url}</code>
        <span className={webhook.enabled ? styles.on : styles.off}>{state}</span>
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
          onClick={() => view.togglePanel(webhook, 'log')}
        >
          {t('administration.webhooks.log')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={view.busy.test}
          onClick={() => view.sendTest(webhook)}
        >
          {t('administration.webhooks.test')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open === 'edit'}
          onClick={() => view.togglePanel(webhook, 'edit')}
        >
          {t('administration.webhooks.edit')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={view.busy.update}
          onClick={() => view.save(webhook, { enabled: !webhook.enabled })}
        >
          {webhook.enabled
            ? t('administration.webhooks.turnOff')
            : t('administration.webhooks.turnOn')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={view.busy.rotate}
          onClick={() => view.newSecret(webhook)}
        >
          {t('administration.webhooks.rotate')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => view.setDeleting(webhook)}>
          {t('administration.webhooks.delete')}
        </Button>
      </div>
      {open === 'edit' && (
        <WebhookForm
          initial={webhook}
          urlError={view.urlError}
          busy={view.busy.update}
          submitLabel={t('administration.webhooks.save')}
          onSubmit={(values) => view.save(webhook, values)}
          onCancel={() => view.setPanel(null)}
        />
      )}
      {open === 'log' && <WebhookDeliveries webhookId={webhook.id} />}
    </li>
  );
}
