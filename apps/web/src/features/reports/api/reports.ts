// GET reports and reports/export (ADR 0127, docs/reports.md): a period's report for the fleet,
// a group, a zone or a bike, and its file (CSV, XLSX or PDF) downloaded.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Report, ReportFormat, ReportQuery } from '@vfm/contract';
import type { HttpClient } from '../../../api/http-client';
import { useServices } from '../../../services/services';
import { saveFile } from '../../../api/save-file';

export function useReport(query: ReportQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: ['reports', query],
    queryFn: () => http.get<Report>('reports', { query: { ...query } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export async function downloadReport(http: HttpClient, query: ReportQuery, format: ReportFormat) {
  const blob = await http.get<Blob>('reports/export', {
    query: { ...query, format },
    responseType: 'blob',
  });
  saveFile(blob, `report-${query.from ?? 'period'}.${format}`);
}
