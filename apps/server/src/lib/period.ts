// The period of a call over time (fleet traffic and chart, a bike's trips): `from` and `to` with
// defaults, checked — both dates from 1970 on, from before to, at most maxDays long (DESIGN §5:
// bounded ranges; a bad period is a 400 naming the field).
import { badRequest } from './problem';

const DAY_MS = 86_400_000;
/** no fleet data predates this; also keeps dates far from the database's BC edge cases */
const EARLIEST = Date.UTC(1970, 0, 1);

export interface Period {
  from: Date;
  to: Date;
}

/** The period asked for, with defaults, checked: from before to, at most maxDays long. */
export function resolvePeriod(
  query: { from?: string; to?: string },
  now: Date,
  defaultDays: number,
  maxDays: number,
): Period {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - defaultDays * DAY_MS);
  for (const [field, date] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (Number.isNaN(date.getTime()) || date.getTime() < EARLIEST) {
      throw badRequest(`${field} must be an ISO 8601 date-time from 1970 on.`, [
        { field, message: 'must be a date-time from 1970 on' },
      ]);
    }
  }
  if (from.getTime() >= to.getTime()) {
    throw badRequest('from must be before to.', [{ field: 'from', message: 'must be before to' }]);
  }
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) {
    throw badRequest(`The period may not exceed ${maxDays} days.`, [
      { field: 'to', message: `must be at most ${maxDays} days after from` },
    ]);
  }
  return { from, to };
}
