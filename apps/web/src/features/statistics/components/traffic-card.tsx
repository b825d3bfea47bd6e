// The traffic of the period against the period before: trips, kilometres or active bikes per
// hour or day, the total and its change, the chart loaded on demand.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/spinner/spinner';
import { changeOf } from '../state/shaping';
import type { StatisticsView } from '../state/use-statistics-view';
import styles from './statistics.module.css';

const TrafficChart = lazy(() => import('./traffic-chart'));

type Props = Pick<
  StatisticsView,
  | 'traffic'
  | 'period'
  | 'series'
  | 'setSeries'
  | 'trafficLabels'
  | 'formatValue'
  | 'formatTime'
  | 'formatTick'
>;

export function TrafficCard(props: Props) {
  const { traffic, period, series, setSeries, formatValue } = props;
  const { t, i18n } = useTranslation();
  const sum = (data: typeof traffic.current.data) =>
    data?.buckets.reduce((total, bucket) => total + bucket[series], 0) ?? 0;
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="traffic-title">
      <div className={styles.trafficHead}>
        <div>
          <h2 id="traffic-title" className={styles.cardTitle}>
            {t('statistics.traffic.title')}
          </h2>
          <p className={styles.cardText}>
            {t('statistics.traffic.text', {
              unit: t(`statistics.traffic.${period.granularity}`),
            })}
          </p>
        </div>
        <div
          role="group"
          aria-label={t('statistics.traffic.title')}
          className={styles.seriesSwitch}
        >
          {(['trips', 'distanceKm', 'activeBikes'] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={series === name}
              onClick={() => setSeries(name)}
            >
              {t(`statistics.traffic.series.${name}`)}
            </button>
          ))}
        </div>
      </div>
      {traffic.current.data ? (
        <>
          <p className={styles.cardText}>
            {t('statistics.traffic.total', {
              value: formatValue(sum(traffic.current.data)),
              before: formatValue(sum(traffic.before.data)),
              change: changeOf(sum(traffic.current.data), sum(traffic.before.data), i18n.language),
            })}
          </p>
          <Suspense fallback={<Spinner />}>
            <TrafficChart
              current={traffic.current.data}
              before={traffic.before.data}
              series={series}
              labels={props.trafficLabels}
              format={formatValue}
              formatTime={props.formatTime}
              formatTick={props.formatTick}
            />
          </Suspense>
        </>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
