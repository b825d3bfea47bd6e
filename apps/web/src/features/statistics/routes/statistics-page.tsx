// SPEC §2 statistics (DESIGN §8): totals, the SPEC §4 buckets, the distributions, traffic over
// time against the period before, zones and the conflicts worth acting on — for the whole fleet
// or one group and its descendants. Group and period live in the address. The page is layout:
// its state and calls are the view model's (state/use-statistics-view.ts), each card its own.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../format/use-formatters';
import { usePageTitle } from '../../../services/use-page-title';
import { QueryState } from '../../../ui/query-state/query-state';
import { ConflictsCard } from '../components/conflicts-card';
import { DistributionCards } from '../components/distribution-cards';
import { StatisticsToolbar } from '../components/statistics-toolbar';
import { TrafficCard } from '../components/traffic-card';
import { ZonesChart } from '../components/zones-chart';
import { perRidingDay } from '../state/shaping';
import { useStatisticsView } from '../state/use-statistics-view';
import { KeyFigures } from '../../../ui/page/key-figures';
import styles from '../components/statistics.module.css';

export function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.statistics'));
  const format = useFormatters();
  const view = useStatisticsView();
  const { statistics, count } = view;

  const perDay = perRidingDay(view.chart.data?.days ?? []);
  return (
    <div className={styles.page}>
      <StatisticsToolbar {...view} />
      <QueryState
        query={statistics}
        texts={{
          loading: t('statistics.loading'),
          error: t('statistics.error'),
          retry: t('statistics.retry'),
        }}
      >
        {(figures) => (
          <>
            <KeyFigures
              label={t('statistics.totals.title')}
              figures={[
                [t('statistics.totals.bikes'), count(figures.totalBikes)],
                [t('statistics.totals.km'), format.distance(figures.totals.km, 0)],
                [t('statistics.totals.co2'), `${format.number(figures.totals.co2AvoidedKg)} kg`],
                [t('statistics.totals.trips'), count(figures.totals.trips)],
                [t('statistics.totals.perDayKm'), format.distance(perDay.km)],
                [t('statistics.totals.perDayTime'), format.duration(perDay.minutes)],
              ]}
            />
            <TrafficCard {...view} />
            <div className={styles.grid}>
              <DistributionCards figures={figures} fleetHref={view.fleetHref} count={count} />
              <ZonesChart count={count} />
              <ConflictsCard conflicts={view.conflicts} fleetHref={view.fleetHref} count={count} />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
