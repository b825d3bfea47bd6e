// When a held e-mail goes out in a digest (ADR 0099, docs/notifications.md): an
// hourly digest at the next full hour, a daily one at the next 07:00 in the user's time zone
// (their settings' zone, else their rule's quiet hours', else Europe/Paris). The digest job runs
// every five minutes and sends what is due.
import type { RuleDigest } from '@vfm/contract';

const HOUR = 3_600_000;
export const DAILY_DIGEST_HOUR = 7;
export const DEFAULT_DIGEST_TIME_ZONE = 'Europe/Paris';

const parts = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The zone's wall clock at an instant, read as if it were UTC (ms). */
function wallClock(format: Intl.DateTimeFormat, at: number): number {
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
}

/**
 * The instant the zone's clock shows `hour`:00 on the local day of `wallDay` (a UTC-midnight of
 * the wall calendar). A wall time skipped by a spring-forward answers the hour after it.
 */
function instantOf(format: Intl.DateTimeFormat, wallDay: number, hour: number): number {
  const wall = wallDay + hour * HOUR;
  let guess = wall - (wallClock(format, wall) - wall);
  // a second pass settles an offset that changed between the guess and the answer
  guess = wall - (wallClock(format, guess) - guess);
  return guess;
}

export function nextDigestAt(
  digest: Exclude<RuleDigest, 'NONE'>,
  now: Date,
  timeZone: string = DEFAULT_DIGEST_TIME_ZONE,
): Date {
  const nextHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  if (digest === 'HOURLY') return nextHour;
  let format: Intl.DateTimeFormat;
  try {
    format = parts(timeZone);
  } catch {
    format = parts(DEFAULT_DIGEST_TIME_ZONE);
  }
  const today = Math.floor(wallClock(format, now.getTime()) / (24 * HOUR)) * 24 * HOUR;
  for (let day = 0; day < 3; day++) {
    const at = instantOf(format, today + day * 24 * HOUR, DAILY_DIGEST_HOUR);
    if (at > now.getTime()) return new Date(at);
  }
  return new Date(instantOf(format, today + 3 * 24 * HOUR, DAILY_DIGEST_HOUR));
}
