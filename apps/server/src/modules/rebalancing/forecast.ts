// The forecast of trip starts per cell and hour (ADR 0128, ADR 0136): a seasonal baseline — the
// mean of each hour of the week over the stored weeks, pooled with the same hour of the same
// kind of day as far as the cell's own weeks say they are alike (pooledBaseline) — and a small
// ridge regression on it (the baseline, the same hour a week and a day earlier, and the
// baseline scaled by the cell's and by the whole fleet's level of the last day and 3 days). The
// regression is fitted once across the fleet's cells and kept per cell only where it beats the
// baseline on a holdout (the last week). Pure: no database, no clock; the worker feeds it
// hourly counts (plan-service.ts).

export const HOUR_MS = 3_600_000;
export const WEEK_HOURS = 168;
export const HORIZON_HOURS = 24;

/** 0 (Monday 00:00 UTC) … 167 */
export function hourOfWeek(ms: number): number {
  const date = new Date(ms);
  return ((date.getUTCDay() + 6) % 7) * 24 + date.getUTCHours();
}

/** One cell's trip starts per hour: counts[i] is the hour starting at start + i h. */
export interface Series {
  start: number;
  counts: number[];
}

/**
 * The hour-of-week means of counts[0, end), each shrunk towards the mean of the same hour on the
 * same kind of day (Monday–Friday, or the weekend) by `smoothing` pseudo-observations: a cell
 * seen a few weeks only does not trust one Tuesday, and five weekdays say more than one.
 */
export function seasonalBaseline(series: Series, end = series.counts.length, smoothing = 3) {
  const sums = new Float64Array(WEEK_HOURS);
  const seen = new Float64Array(WEEK_HOURS);
  const kindSums = new Float64Array(48);
  const kindSeen = new Float64Array(48);
  const first = hourOfWeek(series.start);
  const kindOf = (how: number) => (how >= 120 ? 24 : 0) + (how % 24);
  for (let i = 0; i < end; i++) {
    const how = (first + i) % WEEK_HOURS;
    const value = series.counts[i]!;
    sums[how]! += value;
    seen[how]! += 1;
    kindSums[kindOf(how)]! += value;
    kindSeen[kindOf(how)]! += 1;
  }
  const baseline = new Array<number>(WEEK_HOURS);
  for (let how = 0; how < WEEK_HOURS; how++) {
    const kind = kindOf(how);
    const prior = kindSeen[kind] ? kindSums[kind]! / kindSeen[kind]! : 0;
    baseline[how] = (sums[how]! + smoothing * prior) / (seen[how]! + smoothing);
  }
  return baseline;
}

/**
 * The hour-of-week means of counts[0, end), each shrunk towards the mean of the same hour on the
 * same kind of day by a weight the cell's own weeks decide (empirical Bayes): how much its
 * weekdays' means differ at the same hour beyond what their noise explains (the spread of each
 * hour of week across the weeks). A cell whose Mondays and Tuesdays are alike pools its five
 * weekdays; one whose Fridays differ keeps them apart.
 */
export function pooledBaseline(series: Series, end = series.counts.length) {
  const sums = new Float64Array(WEEK_HOURS);
  const squares = new Float64Array(WEEK_HOURS);
  const seen = new Float64Array(WEEK_HOURS);
  const first = hourOfWeek(series.start);
  for (let i = 0; i < end; i++) {
    const how = (first + i) % WEEK_HOURS;
    const value = series.counts[i]!;
    sums[how]! += value;
    squares[how]! += value * value;
    seen[how]! += 1;
  }
  const mean = (how: number) => (seen[how] ? sums[how]! / seen[how]! : 0);
  // per kind of day: the spread between its days' means at each hour, and their noise
  const kindMean = new Float64Array(48);
  const weight = [0, 0];
  for (const [kind, days] of [
    [0, [0, 1, 2, 3, 4]],
    [1, [5, 6]],
  ] as const) {
    let between = 0;
    let noise = 0;
    let terms = 0;
    for (let hour = 0; hour < 24; hour++) {
      const hows = days.map((d) => d * 24 + hour).filter((how) => seen[how]! > 0);
      if (!hows.length) continue;
      const m = hows.reduce((t, how) => t + mean(how), 0) / hows.length;
      kindMean[kind * 24 + hour] = m;
      if (hows.length < 2) continue;
      for (const how of hows) {
        const n = seen[how]!;
        const variance = n > 1 ? (squares[how]! - n * mean(how) ** 2) / (n - 1) : mean(how);
        between += (mean(how) - m) ** 2 / (hows.length - 1);
        noise += variance / n / hows.length;
      }
      terms += 1;
    }
    const spread = terms ? Math.max(0, (between - noise) / terms) : 0;
    const noiseMean = terms ? noise / terms : 0;
    weight[kind] = spread + noiseMean > 0 ? spread / (spread + noiseMean) : 0;
  }
  return Array.from({ length: WEEK_HOURS }, (_, how) => {
    const kind = how >= 120 ? 1 : 0;
    const prior = kindMean[kind * 24 + (how % 24)]!;
    return seen[how] ? weight[kind]! * mean(how) + (1 - weight[kind]!) * prior : prior;
  });
}

/** The seasonal-naive forecast the bench compares with: the same hour a week earlier. */
export const seasonalNaive = (series: Series, target: number) =>
  target >= WEEK_HOURS ? series.counts[target - WEEK_HOURS]! : 0;

export const FEATURES = 7;

/** The fleet's level at an origin: its starts over its cells' baselines, last day, last 3 days. */
export interface FleetLevel {
  day: number;
  days3: number;
}

/**
 * The regression's features for hour `target` forecast from `origin` (the first hour not yet
 * known, target - origin < HORIZON_HOURS): [1, baseline, a week before, a day before (when
 * known, else the baseline), the baseline scaled by the cell's last day's level, by the fleet's
 * last day's level and by its last 3 days' level]. The fleet's level is the city's mood of the
 * day (the weather, an event, the holidays): every cell shares it, and across all of them it is
 * measured with far less noise than in one.
 */
export function features(
  series: Series,
  baseline: number[],
  origin: number,
  target: number,
  fleet: FleetLevel = { day: 1, days3: 1 },
) {
  const first = hourOfWeek(series.start);
  const base = (i: number) => baseline[(first + i) % WEEK_HOURS]!;
  const b = base(target);
  const week = target >= WEEK_HOURS ? series.counts[target - WEEK_HOURS]! : b;
  const day = target - 24 >= 0 && target - 24 < origin ? series.counts[target - 24]! : b;
  let seen = 0;
  let expected = 0;
  for (let i = Math.max(0, origin - 24); i < origin; i++) {
    seen += series.counts[i]!;
    expected += base(i);
  }
  const level = (seen + 1) / (expected + 1);
  return [1, b, week, day, b * Math.min(3, level), b * fleet.day, b * fleet.days3];
}

/** The fleet's levels at every origin, from running sums over its cells. */
export class FleetLevels {
  private readonly counts: Float64Array;
  private readonly expected: Float64Array;
  constructor(cells: Array<{ series: Series; baseline: number[] }>, length: number) {
    this.counts = new Float64Array(length + 1);
    this.expected = new Float64Array(length + 1);
    const step = new Float64Array(length);
    const base = new Float64Array(length);
    for (const { series, baseline } of cells) {
      const first = hourOfWeek(series.start);
      for (let i = 0; i < Math.min(length, series.counts.length); i++)
        step[i]! += series.counts[i]!;
      for (let i = 0; i < length; i++) base[i]! += baseline[(first + i) % WEEK_HOURS]!;
    }
    for (let i = 0; i < length; i++) {
      this.counts[i + 1] = this.counts[i]! + step[i]!;
      this.expected[i + 1] = this.expected[i]! + base[i]!;
    }
  }

  private over(origin: number, hours: number) {
    const from = Math.max(0, origin - hours);
    const seen = this.counts[origin]! - this.counts[from]!;
    const expected = this.expected[origin]! - this.expected[from]!;
    return Math.min(3, (seen + 1) / (expected + 1));
  }

  at(origin: number): FleetLevel {
    return { day: this.over(origin, 24), days3: this.over(origin, 72) };
  }
}

/** Ridge regression by normal equations: w = (XᵀX + λI)⁻¹ Xᵀy. */
export class Ridge {
  private readonly xtx = Array.from({ length: FEATURES }, () => new Float64Array(FEATURES));
  private readonly xty = new Float64Array(FEATURES);
  constructor(private readonly lambda = 1) {}

  add(x: number[], y: number) {
    for (let i = 0; i < FEATURES; i++) {
      this.xty[i]! += x[i]! * y;
      for (let j = 0; j < FEATURES; j++) this.xtx[i]![j]! += x[i]! * x[j]!;
    }
  }

  solve(): number[] {
    const a = this.xtx.map((row, i) => [...row, this.xty[i]!]);
    for (let i = 1; i < FEATURES; i++) a[i]![i]! += this.lambda; // the intercept is not shrunk
    for (let col = 0; col < FEATURES; col++) {
      let pivot = col;
      for (let r = col + 1; r < FEATURES; r++)
        if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
      [a[col], a[pivot]] = [a[pivot]!, a[col]!];
      const p = a[col]![col]!;
      if (Math.abs(p) < 1e-12) return BASELINE_WEIGHTS; // degenerate: the baseline
      for (let r = 0; r < FEATURES; r++) {
        if (r === col) continue;
        const f = a[r]![col]! / p;
        for (let c = col; c <= FEATURES; c++) a[r]![c]! -= f * a[col]![c]!;
      }
    }
    return a.map((row, i) => row[FEATURES]! / row[i]!);
  }
}

/** weights that give the baseline itself */
export const BASELINE_WEIGHTS = [0, 1, 0, 0, 0, 0, 0];

export const predict = (w: number[], x: number[]) =>
  Math.max(
    0,
    x.reduce((sum, v, i) => sum + v * w[i]!, 0),
  );

export interface TrainOptions {
  /** the last hours kept aside to decide, per cell, whether the regression beats the baseline */
  holdoutHours?: number;
  /** one forecast origin every this many hours (training and holdout) */
  originStep?: number;
  smoothing?: number;
  lambda?: number;
}

export interface CellForecast {
  model: 'baseline' | 'regression';
  /** expected starts for the HORIZON_HOURS hours after the series' end */
  hourly: number[];
  holdoutError: { baseline: number; regression: number };
}

export interface TrainedForecast {
  weights: number[];
  cells: Map<string, CellForecast>;
}

/**
 * Trains on every cell's series (all of the same start and length) and forecasts the
 * HORIZON_HOURS hours after their end.
 */
export function trainForecast(
  cells: Map<string, Series>,
  options: TrainOptions = {},
): TrainedForecast {
  const { holdoutHours = WEEK_HOURS, originStep = 6, smoothing, lambda = 1 } = options;
  // a fixed shrinkage when asked (pseudo-observations), else the cell's own (pooledBaseline)
  const baselineOf = (series: Series, end: number) =>
    smoothing === undefined
      ? pooledBaseline(series, end)
      : seasonalBaseline(series, end, smoothing);
  const ridge = new Ridge(lambda);
  const length = [...cells.values()][0]?.counts.length ?? 0;
  const split = Math.max(0, length - holdoutHours);
  const trainBaselines = new Map<string, number[]>();
  for (const [cell, series] of cells) trainBaselines.set(cell, baselineOf(series, split));
  const trainLevels = new FleetLevels(
    [...cells].map(([cell, series]) => ({ series, baseline: trainBaselines.get(cell)! })),
    length,
  );
  for (const [cell, series] of cells) {
    const baseline = trainBaselines.get(cell)!;
    for (let origin = WEEK_HOURS; origin + HORIZON_HOURS <= split; origin += originStep) {
      const fleet = trainLevels.at(origin);
      for (let target = origin; target < origin + HORIZON_HOURS; target++)
        ridge.add(features(series, baseline, origin, target, fleet), series.counts[target]!);
    }
  }
  const weights = ridge.solve();

  const fullBaselines = new Map<string, number[]>();
  for (const [cell, series] of cells) fullBaselines.set(cell, baselineOf(series, length));
  const fullLevels = new FleetLevels(
    [...cells].map(([cell, series]) => ({ series, baseline: fullBaselines.get(cell)! })),
    length,
  );
  const now = fullLevels.at(length);
  const result = new Map<string, CellForecast>();
  for (const [cell, series] of cells) {
    const baseline = trainBaselines.get(cell)!;
    let baseErr = 0;
    let modelErr = 0;
    for (let origin = split; origin + HORIZON_HOURS <= length; origin += originStep) {
      const fleet = trainLevels.at(origin);
      for (let target = origin; target < origin + HORIZON_HOURS; target++) {
        const x = features(series, baseline, origin, target, fleet);
        baseErr += (x[1]! - series.counts[target]!) ** 2;
        modelErr += (predict(weights, x) - series.counts[target]!) ** 2;
      }
    }
    const model = split >= WEEK_HOURS && modelErr < baseErr ? 'regression' : 'baseline';
    const full = fullBaselines.get(cell)!;
    const extended: Series = {
      start: series.start,
      counts: [...series.counts, ...new Array<number>(HORIZON_HOURS).fill(0)],
    };
    const hourly: number[] = [];
    for (let target = length; target < length + HORIZON_HOURS; target++) {
      const x = features(extended, full, length, target, now);
      hourly.push(model === 'regression' ? predict(weights, x) : x[1]!);
    }
    result.set(cell, { model, hourly, holdoutError: { baseline: baseErr, regression: modelErr } });
  }
  return { weights, cells: result };
}
