// Administration → Webhooks (docs/webhooks.md; admin only): the fleet's endpoints that receive its
// alerts as signed requests. Create one (its secret shows once, with a copy button), change its
// kinds or URL, turn it off and on, send a test event, read its delivery log and redeliver,
// give it a new secret, delete it. An endpoint failing for 24 h was turned off by the server:
// it says so. The state and actions are the view model's (state/use-webhooks-view.ts), an
// endpoint's row webhook-item.tsx's.
import { useTranslation } from 'react-i18next';
import { Copy, Webhook as WebhookIcon } from 'lucide-react';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { useWebhooksView } from '../state/use-webhooks-view';
import { AdminTab } from './admin-tab';
import { WebhookForm } from './webhook-form';
import { WebhookItem } from './webhook-item';
import admin from './administration.module.css';
import styles from './webhooks.module.css';

export function WebhooksTab() {
  const { t } = useTranslation();
  const view = useWebhooksView();
  const { shown, deleting } = view;

  const toolbar = (
    <>
      {shown && (
        <div className={admin.secretOnce} role="status" data-testid="webhook-secret">
          <strong>{t('administration.webhooks.secretTitle')}</strong>
          <p>{t('administration.webhooks.secretOnce', { url: shown.webhook.url })}</p>
          <code className={admin.feedCode} data-testid="webhook-secret-value">
            {shown.secret}
          </code>
          <div className={admin.rowActions}>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void view.copySecret(shown.secret)}
            >
              <Copy size={16} aria-hidden="true" />
              {t('administration.webhooks.copySecret')}
            </Button>
            <Button size="sm" onClick={() => view.setShown(null)}>
              {t('administration.webhooks.done')}
            </Button>
          </div>
        </div>
      )}
      {view.adding ? (
        <WebhookForm
          urlError={view.urlError}
          busy={view.busy.create}
          submitLabel={t('administration.webhooks.create')}
          onSubmit={view.add}
          onCancel={() => view.openAdding(false)}
        />
      ) : (
        <div>
          <Button onClick={() => view.openAdding(true)}>{t('administration.webhooks.add')}</Button>
        </div>
      )}
    </>
  );

  return (
    <AdminTab
      heading={{
        id: 'webhooks-title',
        text: t('administration.webhooks.title'),
        icon: <WebhookIcon size={20} aria-hidden="true" />,
      }}
      className={styles.tab}
      intro={t('administration.webhooks.intro')}
      toolbar={toolbar}
      query={view.webhooks}
      texts={{
        loading: t('administration.webhooks.loading'),
        error: t('administration.webhooks.error'),
        retry: t('administration.webhooks.reload'),
      }}
      empty={{
        icon: <WebhookIcon size={24} aria-hidden="true" />,
        title: t('administration.webhooks.empty'),
        hint: t('administration.webhooks.emptyHint'),
      }}
      isEmpty={(data) => !data.content.length && !view.adding}
      after={
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && view.setDeleting(null)}
          title={t('administration.webhooks.deleteTitle', { url: deleting?.url ?? '' })}
          description={t('administration.webhooks.deleteHint')}
          confirmLabel={t('administration.webhooks.delete')}
          cancelLabel={t('administration.webhooks.cancel')}
          tone="danger"
          busy={view.busy.remove}
          onConfirm={view.confirmDelete}
        />
      }
    >
      {(data) => (
        <ul className={styles.list} aria-label={t('administration.webhooks.listLabel')}>
          {data.content.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} view={view} />
          ))}
        </ul>
      )}
    </AdminTab>
  );
}
