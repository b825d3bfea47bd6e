// Display formatting shared by the fleet screens: numbers, dates and durations in the page's
// language (Intl), distances in the user's unit (user settings KM or MI, SPEC §3 and §9).
import type { DistanceUnit } from '@vfm/contract/constants';

export const KM_PER_MILE = 1.609344;

/** A distance in kilometres converted to the user's unit. */
export function toUnit(km: number, unit: DistanceUnit): number {
  return unit === 'MI' ? km / KM_PER_MILE : km;
}

export interface Formatters {
  /** "1 234,5 km" / "767.1 mi"; an em dash when unknown */
  distance(km: number | null | undefined, fractionDigits?: number): string;
  number(value: number | null | undefined, fractionDigits?: number): string;
  /** "84 %" for 0–100 levels */
  percent(level: number | null | undefined): string;
  /** "21 Nov 2026, 08:15" */
  dateTime(iso: string | null | undefined): string;
  date(iso: string | null | undefined): string;
  /** "3 minutes ago", "in 2 days" */
  relative(iso: string | null | undefined, now?: Date): string;
  /** "3 min. ago": the same, abbreviated, for lists */
  relativeShort(iso: string | null | undefined, now?: Date): string;
  /** 135 minutes → "2 h 15 min" */
  duration(minutes: number | null | undefined): string;
  unit: DistanceUnit;
}

const DASH = '—';
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

export function createFormatters(language: string, unit: DistanceUnit): Formatters {
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberFormat = (digits: number) => {
    let format = numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
      numbers.set(digits, format);
    }
    return format;
  };
  const dateTimeFormat = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const relativeFormats = {
    long: new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
    short: new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' }),
  };
  const valid = (iso: string | null | undefined): Date | null => {
    if (!iso) return null;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : date;
  };
  const isNumber = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Number.isFinite(value);

  const relative = (
    iso: string | null | undefined,
    now = new Date(),
    style: keyof typeof relativeFormats,
  ) => {
    const date = valid(iso);
    if (!date) return DASH;
    const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
    for (const [name, size] of UNITS) {
      if (Math.abs(seconds) >= size || name === 'second') {
        return relativeFormats[style].format(Math.round(seconds / size), name);
      }
    }
    return DASH;
  };

  return {
    unit,
    distance(km, fractionDigits = 1) {
      if (!isNumber(km)) return DASH;
      const label = unit === 'MI' ? 'mi' : 'km';
      return `${numberFormat(fractionDigits).format(toUnit(km, unit))} ${label}`;
    },
    number(value, fractionDigits = 0) {
      return isNumber(value) ? numberFormat(fractionDigits).format(value) : DASH;
    },
    percent(level) {
      return isNumber(level) ? `${numberFormat(0).format(level)} %` : DASH;
    },
    dateTime(iso) {
      const date = valid(iso);
      return date ? dateTimeFormat.format(date) : DASH;
    },
    date(iso) {
      const date = valid(iso);
      return date ? dateFormat.format(date) : DASH;
    },
    relative: (iso, now) => relative(iso, now, 'long'),
    relativeShort: (iso, now) => relative(iso, now, 'short'),
    duration(minutes) {
      if (!isNumber(minutes)) return DASH;
      const total = Math.round(minutes);
      const hours = Math.floor(total / 60);
      const rest = total % 60;
      return hours ? `${numberFormat(0).format(hours)} h ${rest} min` : `${rest} min`;
    },
  };
}
