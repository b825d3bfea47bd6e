// The time parameters of MDS (docs/open-data.md): an hour `YYYY-MM-DDTHH` (UTC) for trips, telemetry
// and events/historical, a millisecond range for events/recent — and which answer an hour gets:
// 400 malformed, 404 not in the past, 202 not yet ready.
import { badRequest, HttpProblem } from '../../lib/problem';

/** an hour is "processed" this long after it ends: modules may deliver buffered data late */
export const HOUR_READY_DELAY_MS = 10 * 60_000;
/** events/recent answers at most this far back (MDS: two weeks) */
export const RECENT_WINDOW_MS = 14 * 24 * 3_600_000;
const HOUR_MS = 3_600_000;

const missing = (name: string) =>
  badRequest(
    `The query parameter ${name} is required.`,
    [{ field: name, message: 'is required' }],
    'MISSING_PARAM',
  );

/** The start of the hour named (UTC), or a 400. */
export function parseHour(name: string, value: string | undefined): Date {
  if (value === undefined || value === '') throw missing(name);
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})$/.exec(value);
  const bad = () =>
    badRequest(`${name} must be a UTC hour YYYY-MM-DDTHH, e.g. 2024-01-31T13.`, [
      { field: name, message: 'must be YYYY-MM-DDTHH' },
    ]);
  if (!match) throw bad();
  const [year, month, day, hour] = match.slice(1).map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour));
  if (
    year < 1970 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour
  ) {
    throw bad();
  }
  return date;
}

/** 404 for an hour not in the past, 202 for one that ended too recently to be complete. */
export function checkHourReady(start: Date, now: Date): void {
  const end = start.getTime() + HOUR_MS;
  if (end > now.getTime()) {
    throw new HttpProblem(404, 'HOUR_NOT_PAST', 'Not found', 'This hour is not in the past.');
  }
  if (end + HOUR_READY_DELAY_MS > now.getTime()) {
    throw new HttpProblem(
      202,
      'HOUR_NOT_READY',
      'Accepted',
      'The data of this hour is not yet available; try again in a few minutes.',
    );
  }
}

function parseMillis(name: string, value: string | undefined): number {
  if (value === undefined || value === '') throw missing(name);
  if (!/^\d{1,15}$/.test(value)) {
    throw badRequest(`${name} must be a timestamp in milliseconds since the epoch.`, [
      { field: name, message: 'must be an integer of milliseconds' },
    ]);
  }
  return Number(value);
}

/** The range of events/recent, or a 400 (missing, reversed, or older than two weeks). */
export function parseRecentRange(
  startValue: string | undefined,
  endValue: string | undefined,
  now: Date,
): { from: Date; to: Date } {
  const from = parseMillis('start_time', startValue);
  const to = parseMillis('end_time', endValue);
  if (to < from) {
    throw badRequest('end_time must not be before start_time.', [
      { field: 'end_time', message: 'must be at or after start_time' },
    ]);
  }
  if (from < now.getTime() - RECENT_WINDOW_MS) {
    throw badRequest('start_time must be within the last two weeks (use events/historical).', [
      { field: 'start_time', message: 'must be within the last two weeks' },
    ]);
  }
  return { from: new Date(from), to: new Date(Math.min(to, now.getTime() + HOUR_MS)) };
}
