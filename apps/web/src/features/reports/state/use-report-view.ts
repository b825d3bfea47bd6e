// The Reports screen's state (ADR 0127): period, day and scope in the address, so that a link
// (or a bookmark) shows the same report; the query the server is asked.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_PERIODS, type ReportPeriod, type ReportQuery } from '@vfm/contract';

export type ScopeKind = 'fleet' | 'group' | 'zone' | 'bike';

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(day) - days * 86_400_000).toISOString().slice(0, 10);

export function useReportView() {
  const [params, setParams] = useSearchParams();
  const period = (REPORT_PERIODS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as ReportPeriod)
    : 'month';
  const from = params.get('from') ?? (period === 'custom' ? daysBefore(today(), 29) : today());
  const to = params.get('to') ?? today();
  const scope = (params.get('scope') ?? 'fleet') as ScopeKind;
  const target = params.get('target') ?? '';
  const query = useMemo((): ReportQuery => {
    const q: ReportQuery = { period, from, ...(period === 'custom' ? { to } : {}) };
    if (scope === 'group' && target) q.groupId = target;
    if (scope === 'zone' && target) q.zoneId = target;
    if (scope === 'bike' && target) q.vehicleNumber = target;
    return q;
  }, [period, from, to, scope, target]);

  const change = (next: Partial<Record<'period' | 'from' | 'to' | 'scope' | 'target', string>>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) merged.set(key, value);
          else merged.delete(key);
        }
        if (next.scope !== undefined) merged.delete('target');
        return merged;
      },
      { replace: true },
    );
  return { period, from, to, scope, target, query, change };
}

export type ReportView = ReturnType<typeof useReportView>;
