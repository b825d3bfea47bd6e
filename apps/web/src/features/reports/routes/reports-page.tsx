// The Reports screen (ADR 0127, docs/reports.md): a period's report of the fleet, a group, a
// zone or a bike beside the period before — figures by the MDS Metrics definitions, trips per
// day, alerts, tasks, technicians and zones — printable (CSS @media print) and exported as CSV,
// XLSX or PDF. Filters live in the address.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileBarChart, Printer } from 'lucide-react';
import type { ReportFormat } from '@vfm/contract';
import { useServices } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { QueryState } from '../../../ui/query-state/query-state';
import { downloadReport, useReport } from '../api/reports';
import { ReportDays } from '../components/report-days';
import { ReportFigures } from '../components/report-figures';
import { ReportSchedules } from '../components/report-schedules';
import { ReportTables } from '../components/report-tables';
import { ReportToolbar } from '../components/report-toolbar';
import { isEmptyReport } from '../state/shaping';
import { useReportView } from '../state/use-report-view';
import styles from '../components/reports.module.css';

export function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports.title'));
  const { http, toasts } = useServices();
  const view = useReportView();
  const report = useReport(view.query);
  const [busy, setBusy] = useState<ReportFormat | null>(null);

  const exportAs = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await downloadReport(http, view.query, format);
    } catch {
      toasts.show({ type: 'error', message: t('reports.exportError') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('reports.title')}</h1>
        <div className={styles.actions}>
          {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              busy={busy === format}
              disabled={!report.data}
              onClick={() => void exportAs(format)}
            >
              {t(`reports.export.${format}`)}
            </Button>
          ))}
          <Button variant="ghost" size="sm" onClick={() => window.print()}>
            <Printer size={16} aria-hidden="true" /> {t('reports.print')}
          </Button>
        </div>
      </div>
      <ReportToolbar view={view} />
      <QueryState
        query={report}
        texts={{
          loading: t('reports.loading'),
          error: t('reports.error'),
          retry: t('reports.retry'),
        }}
        empty={{
          icon: <FileBarChart aria-hidden="true" />,
          title: t('reports.empty'),
          hint: t('reports.emptyHint'),
        }}
        isEmpty={isEmptyReport}
      >
        {(data) => (
          <>
            <p className={styles.subtitle}>
              {t('reports.subtitle', {
                name: data.scope.name,
                from: data.from,
                to: data.to,
                beforeFrom: data.previous.from,
                beforeTo: data.previous.to,
              })}
            </p>
            <ReportFigures figures={data.figures} previous={data.previousFigures} />
            <ReportDays days={data.perDay} />
            <ReportTables report={data} />
            <p className={styles.note}>{t('reports.note')}</p>
          </>
        )}
      </QueryState>
      <ReportSchedules />
    </div>
  );
}
