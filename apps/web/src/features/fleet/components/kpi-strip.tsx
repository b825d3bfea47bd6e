// The fleet screen's KPI strip (ADR 0127; its texts are the reports feature's, reports.kpi):
// today so far against the same span of the same day last week — trips, utilisation (bikes
// that rode ÷ the fleet's), bikes available at the busiest hour, alerts opened, alerts past
// their SLA. Quiet: it shows nothing until read, nor when it cannot be (a field technician's
// screen).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FleetKpis } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import styles from './kpi-strip.module.css';

export function KpiStrip() {
  const { t } = useTranslation();
  const { http } = useServices();
  const format = useFormatters();
  const kpis = useQuery({
    queryKey: ['reports', 'kpis'],
    queryFn: () => http.get<FleetKpis>('reports/kpis'),
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  if (!kpis.data) return null;
  const { today, lastWeek } = kpis.data;
  const count = (value: number | null) => (value === null ? '—' : format.number(value));
  const share = (value: number | null) => (value === null ? '—' : `${format.number(value, 0)} %`);
  const items: Array<[string, string, string]> = [
    [t('reports.kpi.trips'), format.number(today.trips), format.number(lastWeek.trips)],
    [
      t('reports.kpi.utilisation'),
      share(today.utilisationPercent),
      share(lastWeek.utilisationPercent),
    ],
    [
      t('reports.kpi.peakAvailable'),
      count(today.bikesAvailableAtPeak),
      count(lastWeek.bikesAvailableAtPeak),
    ],
    [
      t('reports.kpi.alerts'),
      format.number(today.alertsOpened),
      format.number(lastWeek.alertsOpened),
    ],
    [
      t('reports.kpi.pastSla'),
      format.number(today.alertsPastSla),
      format.number(lastWeek.alertsPastSla),
    ],
  ];
  return (
    // scrolls sideways on a phone: reachable by keyboard (a scrollable region)
    <section className={styles.strip} aria-label={t('reports.kpi.title')} tabIndex={0}>
      {items.map(([label, value, before]) => (
        <div key={label} className={styles.kpi}>
          <span className={styles.label}>{label}</span>
          <strong className={styles.value}>{value}</strong>
          <span className={styles.before}>{t('reports.kpi.lastWeek', { value: before })}</span>
        </div>
      ))}
    </section>
  );
}
