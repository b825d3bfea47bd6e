// The report's tables (ADR 0127): alerts per kind with the median times to acknowledge and to
// clear, tasks per priority inside their SLA, technicians with their median time to close, and
// the zones with the trips that started in them, the time bikes stood in them and their
// occupancy against their caps.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import styles from './reports.module.css';

function Table({
  title,
  head,
  rows,
  empty,
  wide = false,
}: {
  title: string;
  head: string[];
  rows: ReactNode[][];
  empty: string;
  wide?: boolean;
}) {
  return (
    <figure className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className={styles.cardTitle}>{title}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i ? styles.numeric : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={head.length} className={styles.none}>
                  {empty}
                </td>
              </tr>
            )}
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={styles.numeric}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function ReportTables({ report }: { report: Report }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const minutes = (value: number | null) =>
    value === null ? '—' : format.duration(Math.round(value));
  const count = (value: number | null) => (value === null ? '—' : format.number(value));
  const share = (value: number | null) => (value === null ? '—' : `${format.number(value, 1)} %`);
  const kind = (k: string) =>
    t(`notifications.kinds.${k}` as 'notifications.kinds.LOW_VEHICLE_BATTERY', { defaultValue: k });
  return (
    <div className={styles.grid}>
      <Table
        title={t('reports.alerts.title')}
        empty={t('reports.none')}
        head={[
          t('reports.alerts.kind'),
          t('reports.alerts.opened'),
          t('reports.alerts.toAck'),
          t('reports.alerts.toClear'),
        ]}
        rows={report.alerts.map((a) => [
          kind(a.kind),
          format.number(a.opened),
          minutes(a.medianMinutesToAcknowledge),
          minutes(a.medianMinutesToClear),
        ])}
      />
      <Table
        title={t('reports.tasks.title')}
        empty={t('reports.none')}
        head={[t('reports.tasks.priority'), t('reports.tasks.done'), t('reports.tasks.withinSla')]}
        rows={report.tasksByPriority.map((p) => [
          t(`tasks.priority.${p.priority}`),
          format.number(p.done),
          share(p.withinSlaPercent),
        ])}
      />
      <Table
        title={t('reports.technicians.title')}
        empty={t('reports.none')}
        head={[
          t('reports.technicians.name'),
          t('reports.tasks.done'),
          t('reports.technicians.median'),
        ]}
        rows={report.technicians.map((u) => [
          u.name ?? u.email,
          format.number(u.done),
          minutes(u.medianMinutesToClose),
        ])}
      />
      {report.zones.length > 0 && (
        <Table
          wide
          title={t('reports.zones.title')}
          empty={t('reports.none')}
          head={[
            t('reports.zones.zone'),
            t('reports.zones.trips'),
            t('reports.zones.hours'),
            t('reports.zones.mean'),
            t('reports.zones.peak'),
            t('reports.zones.caps'),
            t('reports.zones.aboveMax'),
            t('reports.zones.belowMin'),
          ]}
          rows={report.zones.map((z) => [
            z.name,
            count(z.trips),
            format.number(z.parkedHours, 1),
            z.meanParked === null ? '—' : format.number(z.meanParked, 1),
            count(z.peakParked),
            z.minBikes === null && z.maxBikes === null
              ? '—'
              : `${z.minBikes ?? 0}–${z.maxBikes ?? '∞'}`,
            minutes(z.minutesAboveMax),
            minutes(z.minutesBelowMin),
          ])}
        />
      )}
    </div>
  );
}
