// SPEC §2 statistics (DESIGN §8, issue "statistics" §3-5): totals, the SPEC §4 buckets (last
// communication, battery quarters), availability, activity, IoT mode and warning distributions
// as accessible bars (each a way to the filtered fleet list where the list can filter), traffic
// over time against the period before, and the conflicts worth acting on — for the whole fleet
// or one group and its descendants. Group and period live in the address.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  MODE_COUNT_KEYS,
  WARNING_TYPES,
  type FleetGroupNode,
} from '@vfm/contract';
import { availabilityKey, modeKey, statusKey, warningKey } from '../../../bike/labels';
import { useFormatters } from '../../../format/use-formatters';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import {
  CONFLICTS,
  conflictSearch,
  useChart,
  useConflicts,
  useStatistics,
  useTraffic,
} from '../api/statistics-queries';
import { changeOf, perRidingDay, periodOf, type PeriodName } from '../state/shaping';
import { usePageTitle } from '../../../services/use-page-title';
import { Spinner } from '../../../ui/spinner/spinner';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { BucketChart, type Bucket } from '../components/bucket-chart';
import { useZones } from '../../../zones/api/get-zones';
import { useZoneOccupancy } from '../../../zones/api/get-zone-occupancy';
import type { TrafficSeries } from '../components/traffic-chart';
import styles from '../components/statistics.module.css';

const TrafficChart = lazy(() => import('../components/traffic-chart'));

function flatten(
  groups: readonly FleetGroupNode[],
  depth = 0,
): Array<{ group: FleetGroupNode; depth: number }> {
  return groups.flatMap((group) => [{ group, depth }, ...flatten(group.children, depth + 1)]);
}

export function StatisticsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('shell.nav.statistics'));
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const groupId = params.get('group');
  const periodName = (params.get('period') as PeriodName | null) ?? 'week';
  const [now] = useState(() => Date.now());
  const period = useMemo(
    () => periodOf(periodName, params.get('from'), params.get('to'), now),
    [periodName, params, now],
  );
  const [series, setSeries] = useState<TrafficSeries>('trips');

  const groups = useFleetGroups();
  const statistics = useStatistics(groupId);
  const traffic = useTraffic(period, groupId);
  const chart = useChart(period, groupId);
  const conflicts = useConflicts(groupId);

  const change = (next: Record<string, string | null>) => {
    const search = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value) search.set(name, value);
      else search.delete(name);
    }
    setParams(search);
  };
  /** the fleet list filtered to a bucket (and to the group) */
  const fleetHref = (filter: string) => `/fleet?${filter}${groupId ? `&group=${groupId}` : ''}`;
  const count = (value: number) => format.number(value);

  const labels = useMemo(
    () => ({
      current: t('statistics.traffic.current'),
      before: t('statistics.traffic.before'),
      time: t('statistics.traffic.time'),
      value: t(`statistics.traffic.series.${series}`),
      caption: t('statistics.traffic.caption', {
        series: t(`statistics.traffic.series.${series}`),
        unit: t(`statistics.traffic.${period.granularity}`),
      }),
    }),
    [t, series, period.granularity],
  );
  const formatValue = useMemo(
    () => (value: number) => format.number(value, series === 'distanceKm' ? 1 : 0),
    [format, series],
  );
  const formatTime = useMemo(
    () => (iso: string) =>
      period.granularity === 'hour' ? format.dateTime(iso) : format.date(iso),
    [format, period.granularity],
  );

  const formatTick = useMemo(() => {
    const style: Intl.DateTimeFormatOptions =
      period.granularity === 'hour' && periodName === 'day'
        ? { hour: '2-digit', minute: '2-digit' }
        : { day: 'numeric', month: 'short' };
    const formatter = new Intl.DateTimeFormat(i18n.language, style);
    return (iso: string) => formatter.format(new Date(iso));
  }, [i18n.language, period.granularity, periodName]);

  const figures = statistics.data;
  const perDay = perRidingDay(chart.data?.days ?? []);
  const sum = (data: typeof traffic.current.data) =>
    data?.buckets.reduce((total, bucket) => total + bucket[series], 0) ?? 0;

  const toolbar = (
    <div className={styles.toolbar}>
      <label className={styles.select}>
        <span>{t('statistics.group')}</span>
        <select
          value={groupId ?? ''}
          onChange={(event) => change({ group: event.target.value || null })}
        >
          <option value="">{t('statistics.allGroups')}</option>
          {flatten(groups.data ?? []).map(({ group, depth }) => (
            <option key={group.id} value={group.id}>
              {`${'\u00a0\u00a0'.repeat(depth)}${group.name} (${group.bikeCount})`}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.select}>
        <span>{t('statistics.period')}</span>
        <select value={periodName} onChange={(event) => change({ period: event.target.value })}>
          {(['day', 'week', 'month', 'custom'] as const).map((name) => (
            <option key={name} value={name}>
              {t(`statistics.periods.${name}`)}
            </option>
          ))}
        </select>
      </label>
      {periodName === 'custom' && (
        <>
          <label className={styles.select}>
            <span>{t('statistics.from')}</span>
            <input
              type="date"
              value={period.from.slice(0, 10)}
              onChange={(event) => change({ from: new Date(event.target.value).toISOString() })}
            />
          </label>
          <label className={styles.select}>
            <span>{t('statistics.to')}</span>
            <input
              type="date"
              value={period.to.slice(0, 10)}
              onChange={(event) => change({ to: new Date(event.target.value).toISOString() })}
            />
          </label>
        </>
      )}
    </div>
  );

  if (statistics.isPending) {
    return (
      <div className={styles.page}>
        {toolbar}
        <TableStatus kind="loading" text={t('statistics.loading')} />
      </div>
    );
  }
  if (!figures) {
    return (
      <div className={styles.page}>
        {toolbar}
        <TableStatus
          kind="error"
          text={t('statistics.error')}
          retry={t('statistics.retry')}
          onRetry={() => void statistics.refetch()}
        />
      </div>
    );
  }

  const buckets = <K extends string>(
    keys: readonly K[],
    values: Record<K, number>,
    label: (key: K) => string,
    href?: (key: K) => string | undefined,
    tone?: (key: K) => Bucket['tone'],
  ): Bucket[] =>
    keys.map((key) => ({
      key,
      label: label(key),
      count: values[key] ?? 0,
      href: href?.(key),
      tone: tone?.(key),
    }));

  const quarterTone = (key: string): Bucket['tone'] =>
    key === 'from0To25'
      ? 'danger'
      : key === 'from26To50'
        ? 'warning'
        : key === 'unknown'
          ? 'neutral'
          : 'good';

  return (
    <div className={styles.page}>
      {toolbar}
      <section className={styles.totals} aria-label={t('statistics.totals.title')}>
        {[
          [t('statistics.totals.bikes'), count(figures.totalBikes)],
          [t('statistics.totals.km'), format.distance(figures.totals.km, 0)],
          [t('statistics.totals.co2'), `${format.number(figures.totals.co2AvoidedKg)} kg`],
          [t('statistics.totals.trips'), count(figures.totals.trips)],
          [t('statistics.totals.perDayKm'), format.distance(perDay.km)],
          [t('statistics.totals.perDayTime'), format.duration(perDay.minutes)],
        ].map(([label, value]) => (
          <div key={label} className={styles.total}>
            <span className={styles.totalLabel}>{label}</span>
            <strong className={styles.totalValue}>{value}</strong>
          </div>
        ))}
      </section>

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
                change: changeOf(sum(traffic.current.data), sum(traffic.before.data)),
              })}
            </p>
            <Suspense fallback={<Spinner />}>
              <TrafficChart
                current={traffic.current.data}
                before={traffic.before.data}
                series={series}
                labels={labels}
                format={formatValue}
                formatTime={formatTime}
                formatTick={formatTick}
              />
            </Suspense>
          </>
        ) : (
          <Spinner />
        )}
      </section>

      <div className={styles.grid}>
        <BucketChart
          title={t('statistics.lastCommunication.title')}
          description={t('statistics.lastCommunication.text')}
          format={count}
          buckets={buckets(
            ['upTo7Days', 'from8To14Days', 'from15Days', 'never'] as const,
            figures.lastCommunication,
            (key) => t(`statistics.lastCommunication.${key}`),
            undefined,
            (key) => (key === 'upTo7Days' ? 'good' : key === 'never' ? 'neutral' : 'warning'),
          )}
        />
        <BucketChart
          title={t('statistics.quarters.bikeTitle')}
          description={t('statistics.quarters.bikeText')}
          format={count}
          buckets={buckets(
            ['from0To25', 'from26To50', 'from51To75', 'from76To100', 'unknown'] as const,
            figures.bikeBattery,
            (key) => t(`statistics.quarters.${key}`),
            undefined,
            quarterTone,
          )}
        />
        <BucketChart
          title={t('statistics.quarters.iotTitle')}
          description={t('statistics.quarters.iotText')}
          format={count}
          buckets={buckets(
            ['from0To25', 'from26To50', 'from51To75', 'from76To100', 'unknown'] as const,
            figures.iotBattery,
            (key) => t(`statistics.quarters.${key}`),
            undefined,
            quarterTone,
          )}
        />
        <BucketChart
          title={t('statistics.availability.title')}
          description={t('statistics.availability.text')}
          format={count}
          buckets={buckets(
            AVAILABILITIES,
            figures.availability,
            (key) => t(availabilityKey(key)),
            (key) => fleetHref(`availability=${key}`),
            (key) => (key === 'AVAILABLE' ? 'good' : key === 'OUT' ? 'danger' : 'info'),
          )}
        />
        <BucketChart
          title={t('statistics.status.title')}
          description={t('statistics.status.text')}
          format={count}
          buckets={buckets(
            ACTIVITY_STATUSES,
            figures.status,
            (key) => t(statusKey(key)),
            (key) => fleetHref(`status=${key}`),
          )}
        />
        <BucketChart
          title={t('statistics.modes.title')}
          description={t('statistics.modes.text')}
          format={count}
          buckets={buckets(
            MODE_COUNT_KEYS,
            figures.modes,
            (key) => t(modeKey(key)),
            (key) => (key === 'UNKNOWN' ? undefined : fleetHref(`mode=${key}`)),
          )}
        />
        <BucketChart
          title={t('statistics.warnings.title')}
          description={t('statistics.warnings.text')}
          format={count}
          buckets={buckets(
            WARNING_TYPES,
            figures.warnings,
            (key) => t(warningKey(key)),
            (key) => fleetHref(`warning=${key}`),
            (key) => (key.endsWith('THEFT') ? 'danger' : 'warning'),
          )}
        />
        <ZonesChart count={count} />
        <section className={styles.card} aria-labelledby="conflicts-title">
          <h2 id="conflicts-title" className={styles.cardTitle}>
            {t('statistics.conflicts.title')}
          </h2>
          <p className={styles.cardText}>{t('statistics.conflicts.text')}</p>
          {conflicts.every((query) => query.data === 0) ? (
            <p className={styles.fine}>{t('statistics.conflicts.none')}</p>
          ) : (
            <ul className={styles.conflicts}>
              {CONFLICTS.map((conflict, index) => {
                const value = conflicts[index]?.data;
                if (!value) return null;
                return (
                  <li key={conflict.id}>
                    <Link to={fleetHref(conflictSearch(conflict))}>
                      <strong>{count(value)}</strong> {t(`statistics.conflicts.${conflict.id}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** The bikes standing in each zone now (docs/zones.md), the whole fleet's whatever the group: a
 * zone above its maximum or below its minimum says so by its colour; each opens the fleet list
 * of its bikes. Zones overlap (a service area holds the others): no shares. */
function ZonesChart({ count }: { count: (value: number) => string }) {
  const { t } = useTranslation();
  const zones = useZones();
  const occupancy = useZoneOccupancy();
  const list = zones.data?.content ?? [];
  if (!list.length) return null;
  const byZone = new Map(occupancy.data?.content.map((o) => [o.zoneId, o]));
  return (
    <BucketChart
      title={t('statistics.zones.title')}
      description={t('statistics.zones.text')}
      format={count}
      shares={false}
      buckets={list.map((zone) => {
        const now = byZone.get(zone.id);
        return {
          key: zone.id,
          label: now?.aboveMaximum
            ? t('statistics.zones.above', { name: zone.name, max: zone.maxBikes })
            : now?.belowMinimum
              ? t('statistics.zones.below', { name: zone.name, min: zone.minBikes })
              : zone.name,
          count: now?.bikes ?? 0,
          href: `/fleet?zoneId=${zone.id}`,
          tone: now?.aboveMaximum ? 'danger' : now?.belowMinimum ? 'warning' : 'info',
        };
      })}
    />
  );
}
