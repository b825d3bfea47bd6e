// A pack's state of health from its telemetry (ADR 0130, docs/battery.md): pure, incremental
// — the worker feeds each new sample of the pack to `stepPack` with the state it stored, and
// stores the state it gets back. The usable capacity is the energy a discharge took over the
// charge it used: the pack's delivered-energy counter (`batteryEnergyWh`) where the module
// reports it, else the distance ridden times the model's Wh/km. Discharge steps are summed into
// windows of at least WINDOW_POINTS points of charge (the level is an integer: a window of 30
// points is read within ±2 %); the capacity is the median of the last windows, so one odd window
// (a swap seen late, a counter reset) does not move it.

/** One telemetry row of the pack, as the worker reads it. */
export interface PackSample {
  /** epoch milliseconds */
  ts: number;
  level: number | null;
  plugged: boolean | null;
  odometerKm: number | null;
  cycles: number | null;
  tempC: number | null;
  energyWh: number | null;
}

export interface PackState {
  last: PackSample | null;
  /** the open discharge window: points of charge used, Wh, and whether every step had energy */
  window: { points: number; wh: number; measured: boolean };
  /** the last capacity estimates: [epoch ms, Wh] */
  capacities: Array<[number, number]>;
  /** points of charge used since the pack was first seen: equivalent full cycles × 100 */
  dischargedPoints: number;
  /** energy (Wh) and distance (km) of the discharge steps where both are known: Wh/km */
  energyWh: number;
  distanceKm: number;
  tempMax: number | null;
  hotHours: number;
  coldHours: number;
  cycles: number | null;
}

/** the points of charge a capacity window needs */
export const WINDOW_POINTS = 30;
/** how many windows the capacity is the median of */
export const CAPACITY_WINDOWS = 5;
/** at or above: hot; at or under: cold (°C) */
export const HOT_C = 35;
export const COLD_C = 0;
/** a gap longer than this between two samples says nothing of what happened in it */
const MAX_STEP_MS = 3 * 3600_000;

export const emptyPackState = (): PackState => ({
  last: null,
  window: { points: 0, wh: 0, measured: true },
  capacities: [],
  dischargedPoints: 0,
  energyWh: 0,
  distanceKm: 0,
  tempMax: null,
  hotHours: 0,
  coldHours: 0,
  cycles: null,
});

/**
 * The pack's state after one more sample: the state is changed in place and returned (the worker
 * steps thousands of rows a run: no copy per row). `whPerKm` is the model's consumption, used
 * where the pack reports no energy (null: such a step is not used for the capacity). A sample
 * older than the last one is ignored.
 */
export function stepPack(state: PackState, sample: PackSample, whPerKm: number | null): PackState {
  const last = state.last;
  if (last && sample.ts <= last.ts) return state;
  state.last = sample;
  if (sample.cycles !== null) state.cycles = sample.cycles;
  if (sample.tempC !== null && (state.tempMax === null || sample.tempC > state.tempMax))
    state.tempMax = sample.tempC;
  if (!last) return state;
  const dt = sample.ts - last.ts;
  // a long gap says nothing of what happened in it — unless nothing was used (a bike parked
  // overnight: the same energy counter, or the same odometer): its window goes on
  if (dt > MAX_STEP_MS) return idle(last, sample) ? state : restartWindow(state);
  if (last.tempC !== null) {
    if (last.tempC >= HOT_C) state.hotHours += dt / 3600_000;
    if (last.tempC <= COLD_C) state.coldHours += dt / 3600_000;
  }
  const charging = last.plugged === true || sample.plugged === true;
  if (charging || last.level === null || sample.level === null) return state;
  const points = last.level - sample.level;
  if (points < 0) return state; // charged without a plug (a swap station, the level's rounding)
  const km =
    last.odometerKm !== null && sample.odometerKm !== null
      ? Math.max(0, sample.odometerKm - last.odometerKm)
      : null;
  const energy =
    last.energyWh !== null && sample.energyWh !== null && sample.energyWh >= last.energyWh
      ? sample.energyWh - last.energyWh
      : null;
  state.dischargedPoints += points;
  if (energy !== null && km !== null) {
    state.energyWh += energy;
    state.distanceKm += km;
  }
  const wh = energy ?? (km !== null && whPerKm !== null ? km * whPerKm : null);
  if (wh === null) return points > 0 ? restartWindow(state) : state;
  const window = state.window;
  window.points += points;
  window.wh += wh;
  window.measured = window.measured && energy !== null;
  if (window.points >= WINDOW_POINTS) {
    state.capacities.push([sample.ts, window.wh / (window.points / 100)]);
    if (state.capacities.length > CAPACITY_WINDOWS) state.capacities.shift();
    restartWindow(state);
  }
  return state;
}

/** Nothing was used between two samples: the energy counter (else the odometer) did not move
 *  and no charge went missing (a level risen is a charge: it breaks no window). */
function idle(last: PackSample, sample: PackSample): boolean {
  if (last.level === null || sample.level === null || sample.level < last.level - 1) return false;
  if (last.energyWh !== null && sample.energyWh !== null)
    return Math.abs(sample.energyWh - last.energyWh) < IDLE_WH;
  if (last.odometerKm !== null && sample.odometerKm !== null)
    return Math.abs(sample.odometerKm - last.odometerKm) < IDLE_KM;
  return false;
}
/** what a parked pack's counters may move by (their rounding) */
const IDLE_WH = 1;
const IDLE_KM = 0.05;

/** A window broken by a step that cannot be counted (or closed) starts again. */
function restartWindow(state: PackState): PackState {
  state.window = { points: 0, wh: 0, measured: true };
  return state;
}

/** The usable capacity now (Wh): the median of the last windows; null before the first. */
export function capacityOf(state: PackState): number | null {
  if (!state.capacities.length) return null;
  const values = state.capacities.map(([, wh]) => wh).sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

/** State of health (%) against the fleet's nominal capacity, one decimal. */
export function stateOfHealth(state: PackState, nominalWh: number): number | null {
  const capacity = capacityOf(state);
  if (capacity === null) return null;
  return Math.round(Math.min(1200, (1000 * capacity) / nominalWh)) / 10;
}

/** Equivalent full cycles: the charge used, in whole packs. */
export const equivalentCycles = (state: PackState) => Math.round(state.dischargedPoints) / 100;

/** Wh/km of the steps with both energy and distance; null under 1 km. */
export const whPerKmOf = (state: PackState) =>
  state.distanceKm >= 1 ? state.energyWh / state.distanceKm : null;

/** a trend needs this many day points, this many days apart at least (the first windows of a
 *  pack are few: their slope is noise) */
export const TREND_MIN_POINTS = 7;
export const TREND_MIN_DAYS = 14;

/**
 * The state of health's slope (points per 30 days) by least squares over the day points of
 * the last `days` days; null with fewer than TREND_MIN_POINTS points or under TREND_MIN_DAYS
 * days between the first and last.
 */
export function trendPer30Days(
  points: Array<{ day: number; soh: number }>,
  days = 60,
): number | null {
  if (!points.length) return null;
  const end = Math.max(...points.map((p) => p.day));
  const recent = points.filter((p) => p.day > end - days * 86_400_000);
  if (recent.length < TREND_MIN_POINTS) return null;
  const xs = recent.map((p) => p.day / 86_400_000);
  if (Math.max(...xs) - Math.min(...xs) < TREND_MIN_DAYS) return null;
  const meanX = xs.reduce((s, x) => s + x, 0) / xs.length;
  const meanY = recent.reduce((s, p) => s + p.soh, 0) / recent.length;
  let num = 0;
  let den = 0;
  recent.forEach((p, i) => {
    num += (xs[i]! - meanX) * (p.soh - meanY);
    den += (xs[i]! - meanX) ** 2;
  });
  return Math.round((num / den) * 30 * 100) / 100;
}

/** Why a pack is alerted: under the fleet's threshold, or dropping faster than it allows. */
export function healthAlert(
  soh: number | null,
  trend: number | null,
  settings: { sohThreshold: number; fastDropPoints: number },
): 'LOW_STATE_OF_HEALTH' | 'FAST_DROP' | null {
  if (soh !== null && soh < settings.sohThreshold) return 'LOW_STATE_OF_HEALTH';
  if (trend !== null && trend <= -settings.fastDropPoints) return 'FAST_DROP';
  return null;
}
