// The rules' active alerts on the warnings screen (docs/rules.md): the built-in theft and tamper
// kinds and the written rules' alerts, each bike with its kind, its rule, since when, and the
// alert's actions (acknowledge, assign, clear) like any alert. Under the lists' key of the alerts,
// so an action on one reads them again.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import { RULE_ALERT_KINDS, type Alert } from '@vfm/contract';
import { AlertActions } from './alert-actions';
import { AlertStateChip } from './alert-state';
import { getAlerts } from './api/get-alerts';
import { queryKeys } from '../api/query-keys';
import { RelativeTime, WarningIcon } from '../bike/bike-display';
import { bikePath } from '../bike/bike-path';
import { useServices } from '../services/services';
import layout from '../ui/styles/layout.module.css';
import surfaces from '../ui/styles/surfaces.module.css';
import styles from './rule-alerts.module.css';

const SIZE = 20;

export function RuleAlertsPanel() {
  const { t } = useTranslation();
  const { http } = useServices();
  const results = useQueries({
    queries: RULE_ALERT_KINDS.map((kind) => ({
      queryKey: [...queryKeys.alerts.lists, 'rules', kind],
      queryFn: () => getAlerts(http, { state: 'active', kind, size: SIZE }),
    })),
  });
  const alerts: Alert[] = results
    .flatMap((r) => r.data?.content ?? [])
    .filter((alert) => (RULE_ALERT_KINDS as readonly string[]).includes(alert.kind))
    .sort((a, b) => b.openedAt.localeCompare(a.openedAt));
  if (!alerts.length) return null;
  return (
    <section
      className={styles.alerts}
      aria-label={t('alerts.ruleAlerts')}
      data-testid="rule-alerts"
    >
      <h2 className={styles.subtitle}>{t('alerts.ruleAlerts')}</h2>
      <ul className={layout.cardList}>
        {alerts.map((alert) => (
          <li key={alert.id} className={surfaces.card}>
            <div className={layout.cluster}>
              <WarningIcon warning={alert.kind} />
              <Link to={bikePath(alert.vehicleNumber, { tab: 'alerts' })}>
                {alert.vehicleNumber}
              </Link>
              <span>{t(`bike.warning.${alert.kind}`)}</span>
              <AlertStateChip alert={alert} />
            </div>
            <p className={styles.note}>
              {alert.rule?.name} · <RelativeTime iso={alert.openedAt} short />
            </p>
            <AlertActions alert={alert} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
