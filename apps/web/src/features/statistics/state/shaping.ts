// How the statistics page shapes the API's figures (unit-tested): the period of a choice, the
// per-riding-day averages of a daily series, and the change against the period before.
import type { ChartDay, TrafficGranularity } from '@vfm/contract';

export const PERIODS = { day: 1, week: 7, month: 30 } as const;
export type PeriodName = keyof typeof PERIODS | 'custom';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface Period {
  from: string;
  to: string;
  granularity: TrafficGranularity;
}

/**
 * The period of a choice: the last 24 hours or 7 days per hour, the last 30 days per day,
 * ending on the next whole hour (so that a refetch a minute later asks for the same buckets);
 * a custom period per hour up to 7 days, per day beyond. An invalid custom period is a week.
 */
export function periodOf(
  name: PeriodName,
  from: string | null,
  to: string | null,
  now: number,
): Period {
  if (name === 'custom' && from && to && Date.parse(from) < Date.parse(to)) {
    const days = (Date.parse(to) - Date.parse(from)) / DAY;
    return { from, to, granularity: days <= 7 ? 'hour' : 'day' };
  }
  const days = PERIODS[name === 'custom' ? 'week' : name];
  const end = Math.ceil(now / HOUR) * HOUR;
  return {
    from: new Date(end - days * DAY).toISOString(),
    to: new Date(end).toISOString(),
    granularity: days <= 7 ? 'hour' : 'day',
  };
}

/** The period just before, of the same length (the comparison of the traffic chart). */
export function previousPeriod(period: Period): Period {
  const length = Date.parse(period.to) - Date.parse(period.from);
  return {
    ...period,
    from: new Date(Date.parse(period.from) - length).toISOString(),
    to: period.from,
  };
}

/** Distance and riding time per bike and riding day (a day with at least one trip). */
export function perRidingDay(days: readonly ChartDay[]): {
  km: number | null;
  minutes: number | null;
} {
  const ridingDays = days.reduce((sum, day) => sum + day.activeBikes, 0);
  if (!ridingDays) return { km: null, minutes: null };
  return {
    km: days.reduce((sum, day) => sum + day.distanceKm, 0) / ridingDays,
    minutes: days.reduce((sum, day) => sum + day.durationMinutes, 0) / ridingDays,
  };
}

/** "+12 %", "−5 %", "±0 %"; against nothing, "+∞" (or "±0 %" when both are nothing). */
export function changeOf(current: number, before: number, locale = 'en'): string {
  if (!before) return current ? '+∞' : '±0 %';
  const percent = Math.round(((current - before) / before) * 100);
  // tenfold or more (a period before with little data, e.g. before the fleet's first days) reads
  // as a multiple: "× 2,030", not "+202900 %"
  if (percent >= 900) return `× ${Math.round(current / before).toLocaleString(locale)}`;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent).toLocaleString(locale)} %`;
}
