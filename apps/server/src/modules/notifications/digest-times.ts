// When a held e-mail goes out in a digest (issue 22 §3, docs/notifications.md): an hourly
// digest at the next full hour, a daily one at the next 07:00 UTC (8 or 9 a.m. in most of
// Europe). The digest job runs every five minutes and sends what is due.
import type { RuleDigest } from '@vfm/contract';

const HOUR = 3_600_000;
export const DAILY_DIGEST_UTC_HOUR = 7;

export function nextDigestAt(digest: Exclude<RuleDigest, 'NONE'>, now: Date): Date {
  const nextHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  if (digest === 'HOURLY') return nextHour;
  const daily = new Date(nextHour);
  daily.setUTCHours(DAILY_DIGEST_UTC_HOUR, 0, 0, 0);
  if (daily <= now) daily.setUTCDate(daily.getUTCDate() + 1);
  return daily;
}
