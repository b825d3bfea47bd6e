// A warnings row's alert (docs/web.md): the bike's active alert of the row's kind, its state and
// its actions. The bike's active alerts are one query (shared with its page), asked only for the
// rows in view and read again when the stream names the bike.
import { useTranslation } from 'react-i18next';
import type { AlertKind } from '@vfm/contract';
import { Spinner } from '../ui/spinner/spinner';
import { AlertActions } from './alert-actions';
import { AlertStateChip } from './alert-state';
import { useActiveAlerts } from './api/get-alerts';
import styles from './alerts.module.css';

export function BikeAlert({ vehicleNumber, kind }: { vehicleNumber: string; kind: AlertKind }) {
  const { t } = useTranslation();
  const alerts = useActiveAlerts(vehicleNumber);
  if (alerts.isPending) {
    return (
      <span className={styles.rowStatus} aria-busy="true">
        <Spinner />
        <span className="visually-hidden">{t('alerts.row.loading')}</span>
      </span>
    );
  }
  if (!alerts.data) {
    return (
      <span className={styles.rowStatus}>
        <span className={styles.muted}>{t('alerts.row.error')}</span>
        <button type="button" className={styles.linkButton} onClick={() => void alerts.refetch()}>
          {t('alerts.row.retry')}
        </button>
      </span>
    );
  }
  const alert = alerts.data.content.find((candidate) => candidate.kind === kind);
  // the warning has just begun (its alert follows with the stream), or its alert was cleared by
  // hand while the cause remains
  if (!alert) return <span className={styles.muted}>{t('alerts.row.none')}</span>;
  return (
    <span className={styles.row}>
      <AlertStateChip alert={alert} />
      <AlertActions alert={alert} compact />
    </span>
  );
}
