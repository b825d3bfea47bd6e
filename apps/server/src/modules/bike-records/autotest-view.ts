// Self-diagnosis reports as the contract shape. The results come from the modules (DESIGN §6),
// so the mapping accepts a list of {code, status, value} or a {code: status | {status, value}}
// object, and shows anything unexpected as NA rather than failing the page.
import { AUTOTEST_STATUSES, type AutotestReport, type AutotestStatus } from '@vfm/contract';

export interface AutotestRow {
  ts: Date;
  results: unknown;
}

type Value = string | number | null;
type Result = AutotestReport['results'][number];

function toStatus(value: unknown): AutotestStatus {
  if (value === true) return 'OK';
  if (value === false) return 'KO';
  const text = String(value ?? '').toUpperCase();
  return AUTOTEST_STATUSES.includes(text as AutotestStatus) ? (text as AutotestStatus) : 'NA';
}

function toValue(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function toResult(code: string, entry: unknown): Result {
  if (entry && typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    return { code, status: toStatus(record.status), value: toValue(record.value) };
  }
  return { code, status: toStatus(entry), value: null };
}

export function toAutotestReport(row: AutotestRow): AutotestReport {
  const { results } = row;
  let list: Result[] = [];
  if (Array.isArray(results)) {
    list = results.map((entry, index) => {
      const record = (entry ?? {}) as Record<string, unknown>;
      return toResult(String(record.code ?? record.name ?? index), entry);
    });
  } else if (results && typeof results === 'object') {
    list = Object.entries(results).map(([code, entry]) => toResult(code, entry));
  }
  return { date: row.ts.toISOString(), results: list };
}
