// Traffic over time (fleet/statistics/traffic) drawn with uPlot (ADR 0073): the chosen series
// of the period and, dashed, of the period before; a legend, tooltips on hover, and the same
// figures as a table for screen readers. Lazy-loaded with the statistics page.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Traffic } from '@vfm/contract';
import { useEffectiveTheme } from '../../../ui/theme/theme';
import styles from './statistics.module.css';

/** The chart's colours per theme (docs/manager-tools.md): AA against the card in both. */
const CHART_COLOURS = {
  light: {
    line: '#0f7c72',
    fill: 'rgba(22,153,139,0.12)',
    before: '#66778a',
    axis: '#4a5b6d',
    grid: 'rgba(0,0,0,0.07)',
  },
  dark: {
    line: '#3cc7b5',
    fill: 'rgba(60,199,181,0.16)',
    before: '#93a4b6',
    axis: '#a9b8c7',
    grid: 'rgba(255,255,255,0.08)',
  },
};

export type TrafficSeries = 'trips' | 'distanceKm' | 'activeBikes';

const DAY_SECONDS = 86_400;
/** the x axis's tick steps over several days (uPlot picks the smallest that leaves room) */
const DAY_INCREMENTS = [1, 2, 7, 14, 28, 91].map((days) => days * DAY_SECONDS);

export default function TrafficChart({
  current,
  before,
  series,
  labels,
  format,
  formatTime,
  formatTick,
}: {
  current: Traffic;
  before: Traffic | undefined;
  series: TrafficSeries;
  labels: { current: string; before: string; time: string; value: string; caption: string };
  format(value: number): string;
  formatTime(iso: string): string;
  /** a short time for the axis ticks */
  formatTick(iso: string): string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const theme = useEffectiveTheme();
  useEffect(() => {
    const colours = CHART_COLOURS[theme];
    const host = element.current;
    if (!host) return;
    const x = current.buckets.map((bucket) => Date.parse(bucket.start) / 1000);
    const values = current.buckets.map((bucket) => bucket[series]);
    // the previous period, shifted onto the current one's time axis
    const previous = current.buckets.map((_, index) => before?.buckets[index]?.[series] ?? null);
    // a period of several days is labelled by days: ticks at midnight, a day or more apart (uPlot
    // would put two ticks in a day, both labelled with its date)
    const spansDays = x.length > 1 && x[x.length - 1]! - x[0]! > DAY_SECONDS;
    const showLast = (chart: uPlot) => {
      if (x.length > 0) chart.setLegend({ idx: x.length - 1 }, false);
    };
    const plot = new uPlot(
      {
        width: host.clientWidth || 600,
        height: 260,
        // room on the right for the last tick's label ("02:00 PM" was cut by the card)
        padding: [12, 28, 0, 0],
        series: [
          {
            label: labels.time,
            value: (_, value) =>
              value === null ? '—' : formatTime(new Date(value * 1000).toISOString()),
          },
          {
            label: labels.current,
            stroke: colours.line,
            width: 2,
            fill: colours.fill,
            value: (_, v) => (v === null ? '—' : format(v)),
          },
          {
            label: labels.before,
            stroke: colours.before,
            width: 1.5,
            dash: [6, 4],
            value: (_, v) => (v === null ? '—' : format(v)),
          },
        ],
        axes: [
          {
            stroke: colours.axis,
            grid: { stroke: colours.grid },
            ...(spansDays ? { incrs: DAY_INCREMENTS } : {}),
            // ticks in the page's language, not uPlot's English defaults
            values: (_, ticks) =>
              ticks.map((tick) => formatTick(new Date(tick * 1000).toISOString())),
          },
          {
            stroke: colours.axis,
            grid: { stroke: colours.grid },
            values: (_, ticks) => ticks.map(format),
          },
        ],
        legend: { live: true },
        cursor: { points: { size: 8 } },
        // away from the chart, the legend gives the last bucket's figures (uPlot's own would
        // read "—" for every series until a pointer hovers the chart)
        hooks: {
          ready: [showLast],
          setCursor: [(chart) => chart.cursor.idx == null && showLast(chart)],
        },
      },
      [x, values, previous],
      host,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: host.clientWidth, height: 260 }));
    resize.observe(host);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [current, before, series, labels, format, formatTime, formatTick, theme]);

  return (
    <>
      <div ref={element} className={styles.plot} aria-hidden="true" />
      {/* hidden by its box, not on the table: a table grows to its rows whatever its height, and
          this one's 1,000 px of rows made the page scroll far below its content */}
      <div className="visually-hidden">
        <table>
          <caption>{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.time}</th>
              <th scope="col">{labels.current}</th>
              <th scope="col">{labels.before}</th>
            </tr>
          </thead>
          <tbody>
            {current.buckets.map((bucket, index) => (
              <tr key={bucket.start}>
                <th scope="row">{formatTime(bucket.start)}</th>
                <td>{format(bucket[series])}</td>
                <td>{before?.buckets[index] ? format(before.buckets[index]![series]) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
