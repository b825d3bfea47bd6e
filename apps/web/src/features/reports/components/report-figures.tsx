// The report's figures, each beside the period before with its change (ADR 0127): the MDS
// Metrics ones (idle %, trips per bike per day, active and inactive bikes) say so in a hint.
import { useTranslation } from 'react-i18next';
import type { ReportFigures as Figures } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import { changeOf } from '../state/shaping';
import styles from './reports.module.css';

type Key = keyof Figures;
const SHOWN: Key[] = [
  'trips',
  'km',
  'rideMinutes',
  'tripsPerBikePerDay',
  'idlePercent',
  'activeBikes',
  'inactiveBikes',
  'hoursAvailable',
  'alertsOpened',
  'tasksWithinSlaPercent',
  'batterySwaps',
];
/** a rise is bad news for these */
const LOWER_IS_BETTER = new Set<Key>(['idlePercent', 'inactiveBikes', 'alertsOpened']);

export function ReportFigures({ figures, previous }: { figures: Figures; previous: Figures }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const show = (key: Key, value: number | null) => {
    if (value === null) return '—';
    if (key === 'km') return format.distance(value, 0);
    if (key === 'rideMinutes') return format.duration(Math.round(value));
    if (key === 'idlePercent' || key === 'tasksWithinSlaPercent')
      return `${format.number(value, 1)} %`;
    if (key === 'tripsPerBikePerDay') return format.number(value, 2);
    return format.number(value, key === 'hoursAvailable' ? 0 : undefined);
  };
  return (
    <section className={styles.figures} aria-label={t('reports.figures.title')}>
      {SHOWN.map((key) => {
        const change = changeOf(figures[key], previous[key]);
        const good =
          change && change.direction !== 'same'
            ? (change.direction === 'up') !== LOWER_IS_BETTER.has(key)
            : null;
        return (
          <div key={key} className={styles.figure}>
            <span className={styles.figureLabel}>{t(`reports.figures.${key}`)}</span>
            <strong className={styles.figureValue}>{show(key, figures[key])}</strong>
            <span
              className={styles.figureBefore}
              data-good={good === null ? undefined : String(good)}
            >
              {change?.percent != null && change.direction !== 'same'
                ? `${change.percent > 0 ? '+' : ''}${change.percent} % · `
                : ''}
              {t('reports.before', { value: show(key, previous[key]) })}
            </span>
          </div>
        );
      })}
    </section>
  );
}
