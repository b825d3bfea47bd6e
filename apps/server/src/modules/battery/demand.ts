// A bike's demand and its time to 20 % (ADR 0130, docs/battery.md): pure, incremental. Each
// step of its telemetry off the charger adds the charge it used to the hour of the day (UTC)
// it was used in: a profile of points per hour, hour by hour, that forgets with a half-life of
// a week (the hour's usual demand). A short memory (half-life 12 h) compares what the bike used
// lately with what its profile expected: the factor of its recent consumption. The prediction
// walks the hours ahead, each using its profile's rate times that factor, until 20 %.

export interface DemandSample {
  ts: number;
  level: number | null;
  plugged: boolean | null;
}

export interface DemandState {
  last: DemandSample | null;
  /** per UTC hour: points of charge used, and hours observed (both forgetting) */
  used: number[];
  hours: number[];
  recentUsed: number;
  recentExpected: number;
}

export const TARGET_LEVEL = 20;
const WEEK_MS = 7 * 86_400_000;
const RECENT_MS = 12 * 3600_000;
const MAX_STEP_MS = 3 * 3600_000;
/** the prediction looks this far ahead at most */
export const HORIZON_HOURS = 7 * 24;
const STEP_HOURS = 0.25;

export const emptyDemandState = (): DemandState => ({
  last: null,
  used: Array(24).fill(0),
  hours: Array(24).fill(0),
  recentUsed: 0,
  recentExpected: 0,
});

const hourOf = (ms: number) => new Date(ms).getUTCHours();

/** The profile's points per hour for each UTC hour (the mean where an hour is not observed). */
export function hourlyRates(state: DemandState): number[] {
  const totalHours = state.hours.reduce((s, h) => s + h, 0);
  const mean = totalHours > 0 ? state.used.reduce((s, u) => s + u, 0) / totalHours : 0;
  return state.hours.map((h, i) => (h >= 0.5 ? state.used[i]! / h : mean));
}

export function stepDemand(state: DemandState, sample: DemandSample): DemandState {
  const last = state.last;
  if (last && sample.ts <= last.ts) return state;
  const next = { ...state, last: sample };
  if (!last || last.level === null || sample.level === null) return next;
  const dt = sample.ts - last.ts;
  if (dt > MAX_STEP_MS || last.plugged === true || sample.plugged === true) return next;
  const points = last.level - sample.level;
  if (points < 0) return next;
  const hours = dt / 3600_000;
  const hour = hourOf(last.ts + dt / 2);
  const expected = hourlyRates(state)[hour]! * hours;
  const forget = 0.5 ** (dt / WEEK_MS);
  next.used = state.used.map((u, i) => u * forget + (i === hour ? points : 0));
  next.hours = state.hours.map((h, i) => h * forget + (i === hour ? hours : 0));
  const recent = 0.5 ** (dt / RECENT_MS);
  next.recentUsed = state.recentUsed * recent + points;
  next.recentExpected = state.recentExpected * recent + expected;
  return next;
}

/** The recent consumption over the profile's expectation, within [0.5, 2] (1 without history). */
export function recentFactor(state: DemandState): number {
  if (state.recentExpected < 2) return 1;
  return Math.min(2, Math.max(0.5, state.recentUsed / state.recentExpected));
}

/**
 * Hours until the level reaches 20 % from `nowMs`, walking the profile's hours; 0 at or under
 * 20 %; null when it is not reached within HORIZON_HOURS (or nothing is known of its demand).
 */
export function hoursToTarget(
  level: number | null,
  nowMs: number,
  rates: number[],
  factor = 1,
): number | null {
  if (level === null) return null;
  if (level <= TARGET_LEVEL) return 0;
  let left = level - TARGET_LEVEL;
  for (let h = 0; h < HORIZON_HOURS; h += STEP_HOURS) {
    const use = rates[hourOf(nowMs + h * 3600_000)]! * factor * STEP_HOURS;
    if (use >= left) return Math.round((h + (STEP_HOURS * left) / use) * 10) / 10;
    left -= use;
  }
  return null;
}

/** The UTC hour with the most demand over these profiles' rates (null: none known). */
export function peakHour(profiles: number[][]): number | null {
  const sums = Array<number>(24).fill(0);
  for (const rates of profiles) rates.forEach((r, i) => (sums[i]! += r));
  const best = Math.max(...sums);
  return best > 0 ? sums.indexOf(best) : null;
}

/** The end of the next peak hour after `nowMs` (the current one if it is the peak now). */
export function nextPeakEnd(nowMs: number, hour: number): number {
  const day = new Date(nowMs);
  day.setUTCHours(hour + 1, 0, 0, 0);
  let end = day.getTime();
  while (end <= nowMs) end += 86_400_000;
  return end;
}
