// The one reading of a date-time across VFM (docs/operations.md): RFC 3339 as the contract's
// `format: 'date-time'` says, narrowed to what every runtime on the path can represent —
// JavaScript's Date (no leap second: `23:59:60` is Invalid Date), PostgreSQL's timestamptz
// (no year 0) and toISOString (four-digit years only). The API (Fastify's ajv), the MQTT
// ingest and the simulator's tests register this function as the `date-time` format, so a
// value the contract accepts is one `new Date()` reads to the same instant, never Invalid Date.
// Plain code only: imported by the web bundle.

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):?(\d{2}))$/;

/** 0001-01-01T00:00:00Z: PostgreSQL has no year 0 (1 BC), toISOString writes years 0–9999. */
export const EARLIEST_DATE_TIME_MS = new Date('0001-01-01T00:00:00Z').getTime();
/** 9999-12-31T23:59:59.999Z */
export const LATEST_DATE_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (year: number, month: number) =>
  month === 2 && !isLeapYear(year) ? 28 : DAYS_IN_MONTH[month - 1]!;

/**
 * The instant of an RFC 3339 date-time, or null when it is not one or cannot be represented
 * (leap second, 30 February, hour 24, offset without minutes, before year 1 or after 9999 in UTC).
 */
export function parseDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (sign) {
    if (Number(oh) > 23 || Number(om) > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day); // years 0–99 too (Date.UTC would add 1900)
  utc.setUTCHours(hour, minute, second, fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0);
  const ms = utc.getTime() - offsetMinutes * 60_000;
  if (ms < EARLIEST_DATE_TIME_MS || ms > LATEST_DATE_TIME_MS) return null;
  // the runtime's own reading must agree (it is what every caller does: new Date(value))
  if (Date.parse(value) !== ms) return null;
  return new Date(ms);
}

/** The `date-time` format of the contract: see parseDateTime. */
export const isDateTime = (value: string): boolean => parseDateTime(value) !== null;
