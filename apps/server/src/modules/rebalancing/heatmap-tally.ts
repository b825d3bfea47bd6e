// What the heat maps add up (ADR 0128): values per cell and the profiles by hour of day and day
// of week, under a filter on hour and weekday; the hours of a period by hour of week.
import { HOUR_MS, WEEK_HOURS, hourOfWeek } from './forecast';

export interface Filter {
  hour?: number;
  weekday?: number;
}
export const weekdayOf = (how: number) => Math.floor(how / 24) + 1;
export const keeps = (f: Filter, hour: number, weekday: number) =>
  (f.hour === undefined || f.hour === hour) && (f.weekday === undefined || f.weekday === weekday);

export class Tally {
  readonly cells = new Map<string, number>();
  readonly byHour = new Array<number>(24).fill(0);
  readonly byWeekday = new Array<number>(7).fill(0);
  constructor(private readonly filter: Filter) {}
  add(cell: string, hour: number, weekday: number, value: number) {
    const { hour: h, weekday: w } = this.filter;
    if (w === undefined || w === weekday) this.byHour[hour]! += value;
    if (h === undefined || h === hour) this.byWeekday[weekday - 1]! += value;
    if (keeps(this.filter, hour, weekday))
      this.cells.set(cell, (this.cells.get(cell) ?? 0) + value);
  }
}

/** the hours of the period by hour of week (how many Mondays 08:00 it holds…) */
export function hoursOfWeek(from: Date, to: Date) {
  const counts = new Array<number>(WEEK_HOURS).fill(0);
  for (let t = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS; t < to.getTime(); t += HOUR_MS)
    counts[hourOfWeek(t)]! += 1;
  return counts;
}

/** the supply's profiles as mean bikes standing in that hour of day / day of week */
export function normaliseProfiles(tally: Tally, weekHours: number[]) {
  const perHour = new Array<number>(24).fill(0);
  const perWeekday = new Array<number>(7).fill(0);
  weekHours.forEach((n, how) => {
    perHour[how % 24]! += n;
    perWeekday[weekdayOf(how) - 1]! += n;
  });
  tally.byHour.forEach((v, h) => (tally.byHour[h] = v / Math.max(1, perHour[h]!)));
  tally.byWeekday.forEach((v, d) => (tally.byWeekday[d] = v / Math.max(1, perWeekday[d]!)));
}
