// The bike page's Alerts tab (docs/web.md): the bike's active alerts, each with when it opened,
// its state, the acknowledgement's comment and the actions; then the cleared ones, newest
// first, a page at a time, with when, who (or "by itself": its condition ended) and why.
// Live: the stream's `alerts` event reads both again.
import { useTranslation } from 'react-i18next';
import { BellOff } from 'lucide-react';
import type { Alert } from '@vfm/contract';
import { AlertActions } from '../../../alerts/alert-actions';
import { AlertStateChip, useUserName } from '../../../alerts/alert-state';
import { useActiveAlerts, useAlertHistory } from '../../../alerts/api/get-alerts';
import { RelativeTime, WarningIcon } from '../../../bike/bike-display';
import { DateTimeText } from '../../../format/date-time-text';
import { useFormatters } from '../../../format/use-formatters';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { PagedHistory } from './paged-history';
import styles from './bike-page.module.css';

export function BikeAlerts({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.alerts}>
      <section className={styles.card} aria-labelledby="alerts-active">
        <h2 id="alerts-active" className={styles.cardTitle}>
          {t('bikePage.alerts.active')}
        </h2>
        <ActiveAlerts vehicleNumber={vehicleNumber} />
      </section>
      <section className={styles.card} aria-labelledby="alerts-history">
        <h2 id="alerts-history" className={styles.cardTitle}>
          {t('bikePage.alerts.history')}
        </h2>
        <AlertHistory vehicleNumber={vehicleNumber} />
      </section>
    </div>
  );
}

function ActiveAlerts({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const alerts = useActiveAlerts(vehicleNumber);
  if (alerts.isPending) return <TableStatus kind="loading" text={t('bikePage.alerts.loading')} />;
  if (!alerts.data) {
    return (
      <TableStatus
        kind="error"
        text={t('bikePage.alerts.error')}
        retry={t('bikePage.retry')}
        onRetry={() => void alerts.refetch()}
      />
    );
  }
  if (!alerts.data.content.length) {
    return (
      <TableStatus kind="empty" icon={<BellOff size={40} />} title={t('bikePage.alerts.none')} />
    );
  }
  return (
    <ul className={styles.alertList} data-testid="active-alerts">
      {alerts.data.content.map((alert) => (
        <ActiveAlert key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}

function ActiveAlert({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const kind = t(`bike.warning.${alert.kind}`);
  return (
    <li className={styles.alertItem} data-kind={alert.kind}>
      <div className={styles.alertHead}>
        <span className={styles.alertKind} data-severity={alert.severity}>
          <WarningIcon warning={alert.kind} />
          {kind}
        </span>
        <span className={styles.muted}>{t(`bikePage.alerts.severity.${alert.severity}`)}</span>
      </div>
      <p className={styles.alertMeta}>
        {t('bikePage.alerts.opened')} <RelativeTime iso={alert.openedAt} />
      </p>
      <AlertStateChip alert={alert} />
      {alert.acknowledgedAt && (
        <p className={styles.alertMeta}>
          {t('bikePage.alerts.acknowledgedAt', { when: format.dateTime(alert.acknowledgedAt) })}
          {alert.comment && <q className={styles.alertComment}>{alert.comment}</q>}
        </p>
      )}
      <AlertActions alert={alert} />
    </li>
  );
}

function AlertHistory({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const nameOf = useUserName();
  const history = useAlertHistory(vehicleNumber);
  return (
    <PagedHistory
      history={history}
      texts={{
        loading: t('bikePage.alerts.historyLoading'),
        error: t('bikePage.alerts.historyError'),
        empty: t('bikePage.alerts.noHistory'),
        caption: t('bikePage.alerts.history'),
        more: t('bikePage.alerts.more'),
        end: t('bikePage.alerts.end'),
      }}
      testId="alert-history"
      columns={[
        {
          id: 'kind',
          label: t('bikePage.alerts.columns.kind'),
          cell: (alert) => t(`bike.warning.${alert.kind}`),
        },
        {
          id: 'opened',
          label: t('bikePage.alerts.columns.opened'),
          cell: (alert) => <DateTimeText iso={alert.openedAt} />,
        },
        {
          id: 'cleared',
          label: t('bikePage.alerts.columns.cleared'),
          cell: (alert) => <DateTimeText iso={alert.clearedAt} />,
        },
        {
          id: 'by',
          label: t('bikePage.alerts.columns.by'),
          cell: (alert) =>
            alert.clearCause === 'CONDITION_ENDED'
              ? t('bikePage.alerts.byItself')
              : nameOf(alert.clearedBy),
        },
        {
          id: 'reason',
          label: t('bikePage.alerts.columns.reason'),
          cell: (alert) => alert.clearReason ?? '—',
        },
        {
          id: 'acknowledged',
          label: t('bikePage.alerts.columns.acknowledged'),
          cell: (alert) =>
            alert.acknowledgedBy
              ? [nameOf(alert.acknowledgedBy), alert.comment].filter(Boolean).join(' — ')
              : '—',
        },
      ]}
    />
  );
}
