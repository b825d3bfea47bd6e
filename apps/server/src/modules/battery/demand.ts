// A bike's demand and its time to 20 % (ADR 0130, docs/battery.md): pure, incremental. Each
// step of its telemetry off the charger adds the charge it used to the hour of the day (UTC)
// it was used in: a profile of points per hour, hour by hour, that forgets with a half-life of
// a week (the hour's usual demand). A short memory (half-life 24 h) compares what the bike used
// lately with what its profile expected, shrunk towards 1 (a few rides more than usual are
// chance): the factor of its recent consumption. The prediction
// walks the hours ahead, each using its profile's rate times that factor, until 20 %.

export interface DemandSample {
  ts: number;
  level: number | null;
  plugged: boolean | null;
}

export interface DemandState {
  last: DemandSample | null;
  /** per UTC hour: points of charge used, and hours observed (both forgetting since `at`) */
  used: number[];
  hours: number[];
  at: number[];
  recentUsed: number;
  recentExpected: number;
}

export const TARGET_LEVEL = 20;
const WEEK_MS = 7 * 86_400_000;
const RECENT_MS = 24 * 3600_000;
const MAX_STEP_MS = 3 * 3600_000;
/** the prediction looks this far ahead at most */
export const HORIZON_HOURS = 7 * 24;
const STEP_HOURS = 0.25;

export const emptyDemandState = (): DemandState => ({
  last: null,
  used: Array(24).fill(0),
  hours: Array(24).fill(0),
  at: Array(24).fill(0),
  recentUsed: 0,
  recentExpected: 0,
});

const hourOf = (ms: number) => Math.floor(ms / 3600_000) % 24;

/** The profile's points per hour for each UTC hour (the mean where an hour is not observed),
 *  as of the last sample. */
export function hourlyRates(state: DemandState): number[] {
  const now = state.last?.ts ?? 0;
  return state.hours.map((_, i) => rateAt(state, i, now));
}

/**
 * The bike's demand after one more sample: the state is changed in place and returned (no copy
 * per row). Each hour's bucket forgets when it is next touched (its `at`): the rate of an hour
 * is the ratio of its two sums, which forget alike.
 */
export function stepDemand(state: DemandState, sample: DemandSample): DemandState {
  const last = state.last;
  if (last && sample.ts <= last.ts) return state;
  state.last = sample;
  if (!last || last.level === null || sample.level === null) return state;
  const dt = sample.ts - last.ts;
  if (dt > MAX_STEP_MS || last.plugged === true || sample.plugged === true) return state;
  const points = last.level - sample.level;
  if (points < 0) return state;
  const hours = dt / 3600_000;
  const hour = hourOf(last.ts + dt / 2);
  const expected = rateAt(state, hour, sample.ts) * hours;
  const forget = state.at[hour] ? 0.5 ** ((sample.ts - state.at[hour]!) / WEEK_MS) : 1;
  state.used[hour] = state.used[hour]! * forget + points;
  state.hours[hour] = state.hours[hour]! * forget + hours;
  state.at[hour] = sample.ts;
  const recent = 0.5 ** (dt / RECENT_MS);
  state.recentUsed = state.recentUsed * recent + points;
  state.recentExpected = state.recentExpected * recent + expected;
  return state;
}

/** The profile's rate of one hour at `now` (hourlyRates' for that hour alone). */
function rateAt(state: DemandState, hour: number, now: number): number {
  const own = state.hours[hour]! * ageing(state, hour, now);
  if (own >= 0.5) return state.used[hour]! / state.hours[hour]!;
  return meanRate(state, now);
}

/** How much an hour's sums have forgotten by `now` since last touched. */
const ageing = (state: DemandState, hour: number, now: number) =>
  state.at[hour] ? 0.5 ** (Math.max(0, now - state.at[hour]!) / WEEK_MS) : 1;

function meanRate(state: DemandState, now: number): number {
  let used = 0;
  let hours = 0;
  for (let i = 0; i < 24; i += 1) {
    const f = ageing(state, i, now);
    used += state.used[i]! * f;
    hours += state.hours[i]! * f;
  }
  return hours > 0 ? used / hours : 0;
}

/** points of charge of belief in the profile: the recent factor moves away from 1 only as
 *  far as the recent consumption outweighs it (a few rides more than usual are chance) */
const PRIOR_POINTS = 100;

/** The recent consumption over the profile's expectation, shrunk towards 1, within [0.5, 2]. */
export function recentFactor(state: DemandState): number {
  const factor = (state.recentUsed + PRIOR_POINTS) / (state.recentExpected + PRIOR_POINTS);
  return Math.min(2, Math.max(0.5, factor));
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
