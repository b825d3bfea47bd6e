// A time zone's wall clock (Intl, no library): what a zone's clock shows at an instant, and the
// instant it shows a given wall time — for the digests' 07:00 and the reports' sending hour in a
// recipient's zone. Pure.

/** A formatter of the zone's wall clock, to the second (throws RangeError for an unknown zone). */
export const wallClockFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The zone's wall clock at an instant, read as if it were UTC (ms). */
export function wallClock(format: Intl.DateTimeFormat, at: number): number {
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
}

/**
 * The instant the zone's clock shows `wall` (a wall time read as if it were UTC, ms). A wall
 * time skipped by a spring-forward answers the hour after it.
 */
export function instantAt(format: Intl.DateTimeFormat, wall: number): number {
  let guess = wall - (wallClock(format, wall) - wall);
  // a second pass settles an offset that changed between the guess and the answer
  guess = wall - (wallClock(format, guess) - guess);
  return guess;
}
