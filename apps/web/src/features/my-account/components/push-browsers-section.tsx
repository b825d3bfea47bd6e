// My account — the browsers that receive the user's push notifications (ADR 0098):
// each with its name and system (from its user agent), its push service and the day it was
// added, and a way to remove it (it gets no more notices; turning push on in a rule from that
// browser adds it again).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushSubscription } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import {
  describeBrowser,
  useDeletePushSubscription,
  usePushSubscriptions,
} from '../../../notifications/api/push-subscriptions';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { Panel } from '../../../ui/page/page';
import { useToast } from '../../../ui/toast/toast-context';
import styles from './my-account.module.css';

export function PushBrowsersSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useFormatters();
  const browsers = usePushSubscriptions();
  const remove = useDeletePushSubscription();
  const [removing, setRemoving] = useState<PushSubscription | null>(null);

  const nameOf = (subscription: PushSubscription) => {
    const { browser, system } = describeBrowser(subscription.userAgent);
    if (browser && system) return t('notifications.browsers.named', { browser, system });
    return browser ?? system ?? t('notifications.browsers.unknown');
  };
  const hostOf = (service: string) => {
    try {
      return new URL(service).host;
    } catch {
      return service;
    }
  };

  return (
    <Panel
      id="push-browsers"
      title={t('notifications.browsers.title')}
      intro={t('notifications.browsers.intro')}
    >
      {browsers.isPending && (
        <p role="status" className={styles.hint}>
          {t('notifications.browsers.loading')}
        </p>
      )}
      {browsers.isError && (
        <InlineAlert>
          {t('notifications.browsers.error')}{' '}
          <Button size="sm" variant="secondary" onClick={() => void browsers.refetch()}>
            {t('notifications.rules.retry')}
          </Button>
        </InlineAlert>
      )}
      {browsers.data && !browsers.data.content.length && (
        <p className={styles.hint}>{t('notifications.browsers.empty')}</p>
      )}
      {browsers.data && browsers.data.content.length > 0 && (
        <ul className={styles.rules} aria-label={t('notifications.browsers.title')}>
          {browsers.data.content.map((subscription) => {
            const name = nameOf(subscription);
            return (
              <li key={subscription.id} className={styles.rule} data-testid="push-browser">
                <div className={styles.ruleText}>
                  <span className={styles.ruleName}>{name}</span>
                  <span className={styles.hint}>
                    {t('notifications.browsers.details', {
                      date: format.date(subscription.createdAt),
                      service: hostOf(subscription.service),
                    })}
                  </span>
                </div>
                <div className={styles.buttons}>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('notifications.browsers.removeNamed', { name })}
                    onClick={() => setRemoving(subscription)}
                  >
                    {t('notifications.browsers.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('notifications.browsers.removeTitle', {
          name: removing ? nameOf(removing) : '',
        })}
        description={t('notifications.browsers.removeHint')}
        confirmLabel={t('notifications.browsers.remove')}
        cancelLabel={t('notifications.form.cancel')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.show({ type: 'success', message: t('notifications.browsers.removed') });
            },
            onError: () => toast.show({ type: 'error', message: t('errors.generic') }),
          })
        }
      />
    </Panel>
  );
}
