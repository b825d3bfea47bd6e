// The statistics screen's state and effects (its view model): the group and the period read
// from the address and written back to it, the traffic series shown, the page's calls, and the
// formatters its charts share. The page and its cards only lay these out.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../format/use-formatters';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import { useChart, useConflicts, useStatistics, useTraffic } from '../api/statistics-queries';
import type { TrafficSeries } from '../components/traffic-chart';
import { periodOf, type PeriodName } from './shaping';

export function useStatisticsView() {
  const { t, i18n } = useTranslation();
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

  /** sets (or, for null, removes) parameters of the address */
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

  const trafficLabels = useMemo(
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

  return {
    groupId,
    periodName,
    period,
    series,
    setSeries,
    change,
    fleetHref,
    count,
    groups: groups.data ?? [],
    statistics,
    traffic,
    chart,
    conflicts,
    trafficLabels,
    formatValue,
    formatTime,
    formatTick,
  };
}

export type StatisticsView = ReturnType<typeof useStatisticsView>;
