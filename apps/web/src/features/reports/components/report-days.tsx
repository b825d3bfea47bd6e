// Trips per day as accessible HTML bars (like the statistics' charts, ADR 0073): each day a
// row with its bar and figures; printed as it is shown.
import { useTranslation } from 'react-i18next';
import type { ReportDay } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import styles from './reports.module.css';

export function ReportDays({ days }: { days: readonly ReportDay[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const largest = Math.max(1, ...days.map((d) => d.trips));
  return (
    <figure className={styles.card}>
      <figcaption>
        <h2 className={styles.cardTitle}>{t('reports.days.title')}</h2>
        <p className={styles.cardText}>{t('reports.days.text')}</p>
      </figcaption>
      <ul className={styles.days}>
        {days.map((day) => (
          <li key={day.day} className={styles.day}>
            <span className={styles.dayLabel}>{format.date(`${day.day}T12:00:00Z`)}</span>
            <span className={styles.dayTrack} aria-hidden="true">
              <span
                className={styles.dayFill}
                style={{ width: `${(day.trips / largest) * 100}%` }}
              />
            </span>
            <span className={styles.dayValue}>
              {t('reports.days.value', {
                trips: format.number(day.trips),
                km: format.distance(day.km, 0),
                idle: day.idlePercent === null ? '—' : `${format.number(day.idlePercent, 0)} %`,
              })}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
