// The period of a report (ADR 0127): a day, the ISO week (Monday–Sunday) or the calendar month
// holding `from`, or `from`–`to`; and the period before it (the previous month for a month,
// else as many days just before). UTC days; at most REPORT_MAX_DAYS. Pure.
import { REPORT_MAX_DAYS, type ReportPeriod } from '@vfm/contract';
import { badRequest } from '../../lib/problem';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);

export interface Period {
  kind: ReportPeriod;
  from: string;
  to: string;
  days: number;
  previous: { from: string; to: string };
}

export function periodOf(
  query: { period?: ReportPeriod; from?: string; to?: string },
  now: Date,
): Period {
  const kind = query.period ?? 'custom';
  const today = iso(now.getTime());
  const anchor = parse(query.from ?? today);
  if (Number.isNaN(anchor))
    throw badRequest('Not a day.', [{ field: 'from', message: 'YYYY-MM-DD' }]);
  if (kind !== 'custom' && query.to !== undefined)
    throw badRequest('`to` is only for a custom period.', [
      { field: 'to', message: 'only with period=custom' },
    ]);
  let from: number;
  let to: number;
  let previous: { from: number; to: number };
  if (kind === 'day') {
    from = to = anchor;
    previous = { from: anchor - DAY, to: anchor - DAY };
  } else if (kind === 'week') {
    from = anchor - ((new Date(anchor).getUTCDay() + 6) % 7) * DAY;
    to = from + 6 * DAY;
    previous = { from: from - 7 * DAY, to: from - DAY };
  } else if (kind === 'month') {
    const d = new Date(anchor);
    from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    to = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY;
    previous = { from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1), to: from - DAY };
  } else {
    to = query.to === undefined ? parse(today) : parse(query.to);
    from = query.from === undefined ? to - 29 * DAY : anchor;
    if (Number.isNaN(to)) throw badRequest('Not a day.', [{ field: 'to', message: 'YYYY-MM-DD' }]);
    if (from > to)
      throw badRequest('The period ends before it starts.', [
        { field: 'to', message: 'before from' },
      ]);
    const length = (to - from) / DAY + 1;
    if (length > REPORT_MAX_DAYS)
      throw badRequest(`A report covers at most ${REPORT_MAX_DAYS} days.`, [
        { field: 'from', message: `at most ${REPORT_MAX_DAYS} days before to` },
      ]);
    previous = { from: from - length * DAY, to: from - DAY };
  }
  return {
    kind,
    from: iso(from),
    to: iso(to),
    days: (to - from) / DAY + 1,
    previous: { from: iso(previous.from), to: iso(previous.to) },
  };
}

/** Every day of [from, to]. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = parse(from); t <= parse(to); t += DAY) days.push(iso(t));
  return days;
}

/** The days a period holds in each month it touches: the month, and its days as bits. */
export function monthMasks(from: string, to: string) {
  const months: string[] = [];
  const masks: number[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 864e5) {
    const day = new Date(t).toISOString();
    const month = `${day.slice(0, 8)}01`;
    if (months[months.length - 1] !== month) {
      months.push(month);
      masks.push(0);
    }
    masks[masks.length - 1]! |= 1 << (Number(day.slice(8, 10)) - 1);
  }
  return { months, masks };
}
