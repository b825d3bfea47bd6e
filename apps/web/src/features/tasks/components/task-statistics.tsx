// Task statistics (docs/tasks.md) on the Tasks page: the last 30 days — tasks opened and closed,
// the median time to close by kind and per technician — and the CSV.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { Panel } from '../../../ui/page/page';
import { downloadTaskStatisticsCsv, useTaskStatistics } from '../api/task-statistics';
import styles from '../../../tasks/tasks.module.css';

export function TaskStatisticsPanel() {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const format = useFormatters();
  const stats = useTaskStatistics();
  const data = stats.data;
  const opened = data?.perDay.reduce((sum, d) => sum + d.opened, 0) ?? 0;
  const closed = data?.perDay.reduce((sum, d) => sum + d.closed, 0) ?? 0;
  const median = (value: number | null) =>
    value === null ? '–' : format.duration(Math.round(value));

  return (
    <Panel id="task-statistics" title={t('tasks.statistics.title')}>
      {stats.isError && (
        <p className={styles.error} role="alert">
          {t('tasks.statistics.loadError')}
        </p>
      )}
      {data && (
        <>
          <p className={styles.meta}>
            {t('tasks.statistics.totals', {
              opened,
              closed,
              // calendar days: read at noon UTC, the same day in every time zone
              from: format.date(`${data.from}T12:00:00Z`),
              to: format.date(`${data.to}T12:00:00Z`),
            })}
          </p>
          <table className={styles.statsTable}>
            <caption>{t('tasks.statistics.byKind')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tasks.fields.kind')}</th>
                <th scope="col">{t('tasks.statistics.done')}</th>
                <th scope="col">{t('tasks.statistics.median')}</th>
              </tr>
            </thead>
            <tbody>
              {data.byKind.map((row) => (
                <tr key={row.kind}>
                  <th scope="row">{t(`tasks.kind.${row.kind}`)}</th>
                  <td>{format.number(row.done)}</td>
                  <td>{median(row.medianMinutesToClose)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={styles.statsTable}>
            <caption>{t('tasks.statistics.byTechnician')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tasks.statistics.technician')}</th>
                <th scope="col">{t('tasks.statistics.done')}</th>
                <th scope="col">{t('tasks.statistics.median')}</th>
              </tr>
            </thead>
            <tbody>
              {data.byTechnician.map((row) => (
                <tr key={row.user.id}>
                  <th scope="row">{row.user.name ?? row.user.email}</th>
                  <td>{format.number(row.done)}</td>
                  <td>{median(row.medianMinutesToClose)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() =>
                void downloadTaskStatisticsCsv(http, data.from, data.to).catch(() =>
                  toasts.show({ type: 'error', message: t('tasks.statistics.csvFailed') }),
                )
              }
            >
              <Download size={16} aria-hidden /> {t('tasks.statistics.csv')}
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}
