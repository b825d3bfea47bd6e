// When a held e-mail goes out in a digest (ADR 0099, docs/notifications.md): an
// hourly digest at the next full hour, a daily one at the next 07:00 in the user's time zone
// (their settings' zone, else their rule's quiet hours', else Europe/Paris). The digest job runs
// every five minutes and sends what is due.
import type { RuleDigest } from '@vfm/contract';
import { instantAt, wallClock, wallClockFormat } from '../../lib/wall-clock';

const HOUR = 3_600_000;
export const DAILY_DIGEST_HOUR = 7;
export const DEFAULT_DIGEST_TIME_ZONE = 'Europe/Paris';

export function nextDigestAt(
  digest: Exclude<RuleDigest, 'NONE'>,
  now: Date,
  timeZone: string = DEFAULT_DIGEST_TIME_ZONE,
): Date {
  const nextHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  if (digest === 'HOURLY') return nextHour;
  let format: Intl.DateTimeFormat;
  try {
    format = wallClockFormat(timeZone);
  } catch {
    format = wallClockFormat(DEFAULT_DIGEST_TIME_ZONE);
  }
  const today = Math.floor(wallClock(format, now.getTime()) / (24 * HOUR)) * 24 * HOUR;
  for (let day = 0; day < 3; day++) {
    const at = instantAt(format, today + day * 24 * HOUR + DAILY_DIGEST_HOUR * HOUR);
    if (at > now.getTime()) return new Date(at);
  }
  return new Date(instantAt(format, today + 3 * 24 * HOUR + DAILY_DIGEST_HOUR * HOUR));
}
