// How an alert's state reads wherever it is shown (warnings rows, bike page): Open, or
// Acknowledged by someone, then who it is assigned to ("you": the signed-in user). The chip's
// tooltip and its screen-reader text carry when it happened and the comment.
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Eye, UserRound } from 'lucide-react';
import type { Alert, AlertUserRef } from '@vfm/contract';
import { useFormatters } from '../format/use-formatters';
import { useSession } from '../services/services';
import styles from './alerts.module.css';

/** A user's name as shown: the name, else the e-mail; "You" for the signed-in user. */
export function useUserName() {
  const { t } = useTranslation();
  const { userId } = useSession();
  return (user: AlertUserRef | null) =>
    !user ? '—' : user.id === userId ? t('alerts.state.you') : user.name || user.email;
}

export function AlertStateChip({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const nameOf = useUserName();
  const { userId } = useSession();
  // "by you" and "to you" are their own messages: some languages decline the pronoun
  const state =
    alert.state !== 'ACKNOWLEDGED'
      ? t(`alerts.state.${alert.state}`)
      : alert.acknowledgedBy?.id === userId
        ? t('alerts.state.acknowledgedByYou')
        : t('alerts.state.acknowledgedBy', { who: nameOf(alert.acknowledgedBy) });
  const when =
    alert.state === 'ACKNOWLEDGED'
      ? alert.acknowledgedAt
      : alert.state === 'CLEARED'
        ? alert.clearedAt
        : alert.openedAt;
  const details = [
    when ? format.dateTime(when) : null,
    alert.comment ? t('alerts.state.comment', { comment: alert.comment }) : null,
  ].filter(Boolean);
  const assigned =
    alert.state === 'CLEARED' || !alert.assignee
      ? null
      : alert.assignee.id === userId
        ? t('alerts.state.assignedToYou')
        : t('alerts.state.assignedTo', { who: nameOf(alert.assignee) });
  const Icon =
    alert.state === 'OPEN' ? CircleAlert : alert.state === 'ACKNOWLEDGED' ? Eye : CircleCheck;
  return (
    <span className={styles.state} data-testid="alert-state" data-state={alert.state}>
      <span
        className={styles.chip}
        data-state={alert.state}
        data-severity={alert.severity}
        title={[state, ...details].join(' — ')}
      >
        <Icon size={14} aria-hidden="true" />
        <span className={styles.chipText}>{state}</span>
        {details.length > 0 && <span className="visually-hidden"> ({details.join(' — ')})</span>}
      </span>
      {assigned && (
        <span className={styles.assignee} data-testid="alert-assignee" title={assigned}>
          <UserRound size={14} aria-hidden="true" />
          <span className={styles.chipText}>{assigned}</span>
        </span>
      )}
    </span>
  );
}
