// My account — alert rules (docs/notifications.md): the user's own rules and the fleet-wide ones, each
// with what it notifies and how; a new rule, edit, delete. Fleet-wide rules are read-only to a
// manager and editable by an administrator (the server checks it too).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationRule } from '@vfm/contract';
import { useSession } from '../../../services/services';
import { useDeleteNotificationRule } from '../../../notifications/api/delete-notification-rule';
import { useNotificationRules } from '../../../notifications/api/get-notification-rules';
import { useResubscribeNotificationRule } from '../../../notifications/api/resubscribe-notification-rule';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { Panel } from '../../../ui/page/page';
import { useToast } from '../../../ui/toast/toast-context';
import { RuleForm } from './rule-form';
import styles from './my-account.module.css';

type Editing = { rule: NotificationRule | null } | null;

export function NotificationRulesSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const { userType } = useSession();
  const isAdmin = userType === 'ADMIN';
  const rules = useNotificationRules();
  const remove = useDeleteNotificationRule();
  const resubscribe = useResubscribeNotificationRule();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<NotificationRule | null>(null);

  const done = (saved: boolean) => {
    setEditing(null);
    if (saved) toast.show({ type: 'success', message: t('notifications.rules.saved') });
  };
  const summary = (rule: NotificationRule) =>
    [
      rule.kinds.length <= 2
        ? rule.kinds.map((kind) => t(`notifications.kinds.${kind}`)).join(', ')
        : t('notifications.rules.kindCount', { kinds: rule.kinds.length }),
      t(`notifications.scopes.${rule.bikeScope}`),
      rule.channels.map((channel) => t(`notifications.channels.${channel}`)).join(', '),
      ...(rule.channels.includes('EMAIL') ? [t(`notifications.digests.${rule.digest}`)] : []),
      ...(rule.quietHours
        ? [t('notifications.rules.quiet', { from: rule.quietHours.from, to: rule.quietHours.to })]
        : []),
    ].join(' · ');

  return (
    <Panel
      id="notification-rules"
      title={t('notifications.rules.title')}
      intro={t('notifications.rules.intro')}
    >
      {rules.isPending && (
        <p role="status" className={styles.hint}>
          {t('notifications.rules.loading')}
        </p>
      )}
      {rules.isError && (
        <InlineAlert>
          {t('notifications.rules.error')}{' '}
          <Button size="sm" variant="secondary" onClick={() => void rules.refetch()}>
            {t('notifications.rules.retry')}
          </Button>
        </InlineAlert>
      )}
      {rules.data && !rules.data.content.length && (
        <p className={styles.hint}>{t('notifications.rules.empty')}</p>
      )}
      {rules.data && rules.data.content.length > 0 && (
        <ul className={styles.rules} aria-label={t('notifications.rules.title')}>
          {rules.data.content.map((rule) => {
            const editable = !rule.fleetWide || isAdmin;
            return (
              <li key={rule.id} className={styles.rule} data-testid="notification-rule">
                <div className={styles.ruleText}>
                  <span className={styles.ruleName}>
                    {rule.name}
                    {rule.fleetWide && (
                      <span className={styles.tag}>{t('notifications.rules.fleetWide')}</span>
                    )}
                    {rule.isDefault && (
                      <span className={styles.tag}>{t('notifications.rules.default')}</span>
                    )}
                    {!rule.enabled && (
                      <span className={styles.tag}>{t('notifications.rules.off')}</span>
                    )}
                  </span>
                  <span className={styles.hint}>{summary(rule)}</span>
                  {rule.fleetWide && !isAdmin && (
                    <span className={styles.hint}>{t('notifications.rules.readOnly')}</span>
                  )}
                  {rule.emailUnsubscribed && (
                    <span className={styles.hint} data-testid="rule-unsubscribed">
                      {t('notifications.rules.emailUnsubscribed')}{' '}
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('notifications.rules.resubscribeNamed', { name: rule.name })}
                        busy={resubscribe.isPending && resubscribe.variables === rule.id}
                        onClick={() =>
                          resubscribe.mutate(rule.id, {
                            onSuccess: () =>
                              toast.show({
                                type: 'success',
                                message: t('notifications.rules.resubscribed'),
                              }),
                            onError: () =>
                              toast.show({ type: 'error', message: t('errors.generic') }),
                          })
                        }
                      >
                        {t('notifications.rules.resubscribe')}
                      </Button>
                    </span>
                  )}
                </div>
                {editable && (
                  <div className={styles.buttons}>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('notifications.rules.editNamed', { name: rule.name })}
                      onClick={() => setEditing({ rule })}
                    >
                      {t('notifications.rules.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('notifications.rules.deleteNamed', { name: rule.name })}
                      onClick={() => setDeleting(rule)}
                    >
                      {t('notifications.rules.delete')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <RuleForm
          key={editing.rule?.id ?? 'new'}
          rule={editing.rule}
          canSetFleetWide={isAdmin}
          onDone={done}
        />
      ) : (
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => setEditing({ rule: null })}>
            {t('notifications.rules.add')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('notifications.rules.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('notifications.rules.deleteHint')}
        confirmLabel={t('notifications.rules.delete')}
        cancelLabel={t('notifications.form.cancel')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.show({ type: 'success', message: t('notifications.rules.deleted') });
            },
            onError: () => toast.show({ type: 'error', message: t('errors.generic') }),
          })
        }
      />
    </Panel>
  );
}
