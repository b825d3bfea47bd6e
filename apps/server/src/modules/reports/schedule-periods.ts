// When a report schedule comes round (ADR 0127): its periods (the UTC day, ISO week or month),
// and the moment a recipient gets one — `hour` o'clock of their time zone on the day after the
// period. Pure.
import type { ReportFrequency, ReportPeriod } from '@vfm/contract';
import { instantAt, wallClockFormat } from '../../lib/wall-clock';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const PERIOD_OF: Record<ReportFrequency, ReportPeriod> = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
};

/** The first day of the period holding `day`. */
export function periodStart(frequency: ReportFrequency, day: string): string {
  const t = parse(day);
  if (frequency === 'DAILY') return day;
  if (frequency === 'WEEKLY') return iso(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY);
  const d = new Date(t);
  return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

/** The period starting on `from`, and the start of the next one. */
export function periodFrom(frequency: ReportFrequency, from: string) {
  const t = parse(from);
  if (frequency === 'DAILY') return { from, to: from, next: iso(t + DAY) };
  if (frequency === 'WEEKLY') return { from, to: iso(t + 6 * DAY), next: iso(t + 7 * DAY) };
  const d = new Date(t);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { from, to: iso(next - DAY), next: iso(next) };
}

/** The last period that has ended by `today` (UTC): what "send now" sends. */
export function lastEnded(frequency: ReportFrequency, today: string) {
  const current = periodStart(frequency, today);
  return periodFrom(frequency, periodStart(frequency, iso(parse(current) - DAY)));
}

/** `hour` o'clock in `timeZone` on the day after `periodTo`. */
export function sendMoment(periodTo: string, hour: number, timeZone: string): Date {
  return new Date(instantAt(wallClockFormat(timeZone), parse(periodTo) + DAY + hour * 3_600_000));
}
