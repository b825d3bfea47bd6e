// The module's self-diagnosis (DESIGN §5 products/details/autotest): the latest report with each
// check OK / KO / NA and its value, then the earlier reports, newest first.
import { useTranslation } from 'react-i18next';
import { Stethoscope } from 'lucide-react';
import type { AutotestReport } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import { DataTable } from '../../../ui/data-table/data-table';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useAutotest } from '../api/bike-queries';
import styles from './bike-page.module.css';

export function SelfDiagnosis({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const autotest = useAutotest(vehicleNumber);

  if (autotest.isPending)
    return <TableStatus kind="loading" text={t('bikePage.diagnosis.loading')} />;
  if (!autotest.data) {
    return (
      <TableStatus
        kind="error"
        text={t('bikePage.diagnosis.error')}
        retry={t('bikePage.retry')}
        onRetry={() => void autotest.refetch()}
      />
    );
  }
  const { latest, history } = autotest.data;
  if (!latest) {
    return (
      <TableStatus
        kind="empty"
        icon={<Stethoscope size={40} />}
        title={t('bikePage.diagnosis.none')}
      />
    );
  }
  const earlier = history.filter((report) => report.date !== latest.date);
  return (
    <div className={styles.historyBlock}>
      <Report
        report={latest}
        title={t('bikePage.diagnosis.latest', { date: format.dateTime(latest.date) })}
      />
      {earlier.length > 0 && (
        <section aria-labelledby="diagnosis-earlier">
          <h2 id="diagnosis-earlier" className={styles.cardTitle}>
            {t('bikePage.diagnosis.earlier')}
          </h2>
          {earlier.map((report) => (
            <details key={report.date} className={styles.earlier}>
              <summary>
                {format.dateTime(report.date)} — {t('bikePage.diagnosis.summary', countsOf(report))}
              </summary>
              <Report report={report} />
            </details>
          ))}
        </section>
      )}
    </div>
  );
}

/** How many checks of a report are OK, KO and not applicable. */
const countsOf = (report: AutotestReport) => ({
  ok: report.results.filter((r) => r.status === 'OK').length,
  ko: report.results.filter((r) => r.status === 'KO').length,
  na: report.results.filter((r) => r.status === 'NA').length,
});

function Report({ report, title }: { report: AutotestReport; title?: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-label={title ?? undefined}>
      {title && (
        <>
          <h2 className={styles.cardTitle}>{title}</h2>
          <p className={styles.muted}>{t('bikePage.diagnosis.summary', countsOf(report))}</p>
        </>
      )}
      <DataTable
        testId={title ? 'autotest-latest' : undefined}
        rows={report.results}
        rowKey={(result) => result.code}
        columns={[
          {
            id: 'check',
            label: t('bikePage.diagnosis.check'),
            cell: (result) => <code>{result.code}</code>,
          },
          {
            id: 'result',
            label: t('bikePage.diagnosis.result'),
            cell: (result) => (
              <span className={styles.status} data-status={result.status}>
                {t(`bikePage.diagnosis.statuses.${result.status}`)}
              </span>
            ),
          },
          {
            id: 'value',
            label: t('bikePage.diagnosis.value'),
            cell: (result) =>
              result.value === null || result.value === undefined || result.value === ''
                ? '—'
                : String(result.value),
          },
        ]}
      />
    </section>
  );
}
