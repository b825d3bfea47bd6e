// The dialog of one action on an alert: acknowledge (optional comment), assign (a user of the
// fleet or nobody; "Assign to me" at once), clear (a reason, required). It says what went wrong
// in a toast: another fleet's or a vanished alert (404), an alert that ended meanwhile (409).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_COMMENT_MAX, type Alert } from '@vfm/contract';
import { isApiError } from '../api/api-error';
import { useServices, useSession } from '../services/services';
import { Button } from '../ui/button/button';
import { ConfirmDialog } from '../ui/confirm-dialog/confirm-dialog';
import { useAcknowledgeAlert } from './api/acknowledge-alert';
import { useAssignAlert } from './api/assign-alert';
import { useClearAlert } from './api/clear-alert';
import { useAlertAssignees } from './api/get-alert-assignees';
import { useUserName } from './alert-state';
import styles from './alerts.module.css';

export type AlertAction = 'acknowledge' | 'assign' | 'clear';

const NOBODY = '';

export function AlertDialog({
  alert,
  action,
  onClose,
}: {
  alert: Alert;
  action: AlertAction;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const { userId } = useSession();
  const nameOf = useUserName();
  const acknowledge = useAcknowledgeAlert();
  const assign = useAssignAlert();
  const clear = useClearAlert();
  const assignees = useAlertAssignees(action === 'assign');
  const [text, setText] = useState('');
  const [assigneeId, setAssigneeId] = useState(alert.assignee?.id ?? NOBODY);
  const [showError, setShowError] = useState(false);
  const names = { kind: t(`bike.warning.${alert.kind}`), vehicleNumber: alert.vehicleNumber };
  const busy = acknowledge.isPending || assign.isPending || clear.isPending;

  const failed = (error: Error) => {
    onClose();
    const message = isApiError(error, 404)
      ? t('alerts.actions.gone')
      : isApiError(error, 409)
        ? t('alerts.actions.alreadyCleared', names)
        : t('alerts.actions.failed', {
            detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
          });
    toasts.show({ type: 'error', message });
  };
  const done = (message: string) => {
    onClose();
    toasts.show({ type: 'success', message });
  };

  const assignTo = (id: string | null) =>
    assign.mutate(
      { alert, assigneeId: id },
      {
        onSuccess: (updated) =>
          done(
            !updated.assignee
              ? t('alerts.actions.unassigned', names)
              : updated.assignee.id === userId
                ? t('alerts.actions.assignedToYou', names)
                : t('alerts.actions.assigned', { ...names, who: nameOf(updated.assignee) }),
          ),
        onError: failed,
      },
    );

  const confirm = () => {
    const trimmed = text.trim();
    if (action === 'acknowledge') {
      acknowledge.mutate(
        { alert, comment: trimmed || undefined },
        { onSuccess: () => done(t('alerts.actions.acknowledged', names)), onError: failed },
      );
    } else if (action === 'assign') {
      assignTo(assigneeId || null);
    } else if (!trimmed) {
      setShowError(true);
    } else {
      clear.mutate(
        { alert, reason: trimmed },
        { onSuccess: () => done(t('alerts.actions.cleared', names)), onError: failed },
      );
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm();
  };

  const users = assignees.data?.users ?? [];
  const reasonError = action === 'clear' && showError && !text.trim();

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`alerts.actions.${action}Title`, names)}
      description={t(`alerts.actions.${action}Hint`)}
      confirmLabel={t(`alerts.actions.${action}Confirm`)}
      cancelLabel={t('alerts.actions.cancel')}
      tone={action === 'clear' ? 'danger' : 'primary'}
      busy={busy}
      confirmDisabled={action === 'assign' && !assignees.data}
      onConfirm={confirm}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {action === 'assign' ? (
          <>
            <label className={styles.field}>
              <span>{t('alerts.actions.assignee')}</span>
              <select
                value={assigneeId}
                disabled={!assignees.data}
                onChange={(event) => setAssigneeId(event.target.value)}
              >
                <option value={NOBODY}>{t('alerts.actions.nobody')}</option>
                {users.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.name ? `${user.name} (${user.email})` : user.email}
                  </option>
                ))}
              </select>
            </label>
            {assignees.isPending && (
              <p className={styles.muted} role="status">
                {t('alerts.actions.assigneesLoading')}
              </p>
            )}
            {assignees.isError && (
              <p className={styles.error} role="alert">
                {t('alerts.actions.assigneesError')}
              </p>
            )}
            {userId && alert.assignee?.id !== userId && (
              <Button
                size="sm"
                variant="secondary"
                className={styles.toMe}
                disabled={busy}
                onClick={() => assignTo(userId)}
              >
                {t('alerts.actions.assignToMe')}
              </Button>
            )}
          </>
        ) : (
          <label className={styles.field}>
            <span>
              {action === 'clear' ? t('alerts.actions.reason') : t('alerts.actions.comment')}
            </span>
            <textarea
              rows={3}
              value={text}
              maxLength={ALERT_COMMENT_MAX}
              required={action === 'clear'}
              aria-invalid={reasonError || undefined}
              aria-describedby={reasonError ? 'alert-reason-error' : undefined}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
        )}
        {reasonError && (
          <p id="alert-reason-error" className={styles.error}>
            {t('alerts.actions.reasonRequired')}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
