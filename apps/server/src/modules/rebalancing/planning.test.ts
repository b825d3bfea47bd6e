// The pure parts of rebalancing (ADR 0128) on fixed fixtures: the forecast keeps the regression
// only where it beats the seasonal baseline, the recommender moves bikes from where they idle to
// where rides are expected (never into a forbidden cell, towards preferred parking), and the
// router keeps every rule (pairs, capacity, windows) and beats nearest-neighbour.
import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  HORIZON_HOURS,
  WEEK_HOURS,
  pooledBaseline,
  seasonalBaseline,
  seasonalNaive,
  trainForecast,
  type Series,
} from './forecast';
import { recommendMoves, serviceHours, type CellState } from './recommend';
import { nearestNeighbour, planRoutes, type Stop, type Van } from './router';

const MONDAY = Date.UTC(2026, 0, 5);

/** a seeded generator (mulberry32): the fixtures are the same on every run */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function poisson(rate: number, next: () => number) {
  let k = 0;
  let p = Math.exp(-rate);
  let s = p;
  const u = next();
  while (u > s && k < 100) {
    k += 1;
    p *= rate / k;
    s += p;
  }
  return k;
}

/** a cell's demand: a morning and an evening peak on weekdays, a day's level persisting */
function demandSeries(weeks: number, scale: number, seed: number): Series {
  const next = random(seed);
  const counts: number[] = [];
  let level = 1;
  for (let i = 0; i < weeks * WEEK_HOURS; i++) {
    if (i % 24 === 0) level = 0.6 * level + 0.4 * (0.4 + 1.2 * next()); // weather persists
    const hour = i % 24;
    const weekend = Math.floor(i / 24) % 7 >= 5;
    const shape = weekend
      ? Math.exp(-((hour - 15) ** 2) / 18)
      : Math.exp(-((hour - 8) ** 2) / 2) + Math.exp(-((hour - 18) ** 2) / 3);
    counts.push(poisson(scale * level * (0.05 + shape), next));
  }
  return { start: MONDAY, counts };
}

describe('forecast', () => {
  it('the baseline is the hour-of-week mean, shrunk towards that hour on that kind of day', () => {
    const counts = new Array(2 * WEEK_HOURS).fill(0);
    counts[8] = 4; // Monday 08:00 of the first week only
    const baseline = seasonalBaseline({ start: MONDAY, counts }, undefined, 1);
    // (4 + 1 × prior) / (2 + 1) with the weekdays' 08:00 prior 4 / 10
    expect(baseline[8]).toBeCloseTo((4 + 4 / 10) / 3, 6);
    // Tuesday 08:00 leans on Monday's: (0 + 1 × 0.4) / (2 + 1); Saturday 08:00 does not
    expect(baseline[24 + 8]).toBeCloseTo(0.4 / 3, 6);
    expect(baseline[5 * 24 + 8]).toBe(0);
    expect(baseline[9]).toBe(0);
  });

  it('the pooled baseline pools weekdays that are alike and keeps apart a Friday that is not', () => {
    const weeks = 8;
    const alike: number[] = [];
    const friday: number[] = [];
    for (let i = 0; i < weeks * WEEK_HOURS; i++) {
      const day = Math.floor(i / 24) % 7;
      const hour = i % 24;
      // 2 starts at 08:00 each weekday, one week in two 4 (noise); the Friday of `friday` 8
      const base = day < 5 && hour === 8 ? (Math.floor(i / WEEK_HOURS) % 2 ? 4 : 0) : 0;
      alike.push(base);
      friday.push(day === 4 && hour === 8 ? 8 : base);
    }
    const pooled = pooledBaseline({ start: MONDAY, counts: alike });
    // Monday's weeks and Tuesday's are the same draws: all five weekdays at 2
    expect(pooled[8]).toBeCloseTo(2, 1);
    expect(pooled[24 + 8]).toBeCloseTo(2, 1);
    const apart = pooledBaseline({ start: MONDAY, counts: friday });
    expect(apart[4 * 24 + 8]).toBeGreaterThan(6);
    expect(apart[8]).toBeLessThan(3);
  });

  it('beats seasonal-naive by far and keeps the regression only where it helps', () => {
    const cells = new Map<string, Series>();
    for (let c = 0; c < 20; c++) cells.set(`c${c}`, demandSeries(8, 1 + (c % 5), 11 + c));
    const length = 8 * WEEK_HOURS;
    // trained on 7 weeks, judged on the 8th at +4 h
    const train = new Map(
      [...cells].map(([k, s]) => [k, { start: s.start, counts: s.counts.slice(0, length - 24) }]),
    );
    const { cells: forecasts, weights } = trainForecast(train);
    expect(weights).toHaveLength(FEATURES);
    let naive = 0;
    let ours = 0;
    for (const [cell, series] of cells) {
      const forecast = forecasts.get(cell)!;
      expect(forecast.hourly).toHaveLength(HORIZON_HOURS);
      expect(forecast.model === 'regression').toBe(
        forecast.holdoutError.regression < forecast.holdoutError.baseline,
      );
      for (let h = 0; h < HORIZON_HOURS; h++) {
        const target = length - 24 + h;
        naive += Math.abs(seasonalNaive(series, target) - series.counts[target]!);
        ours += Math.abs(forecast.hourly[h]! - series.counts[target]!);
      }
    }
    expect(ours).toBeLessThan(naive * 0.85);
  });

  it('an empty history forecasts nothing rather than failing', () => {
    const { cells } = trainForecast(new Map([['c', { start: MONDAY, counts: [] }]]));
    expect(cells.get('c')).toMatchObject({ model: 'baseline', hourly: new Array(24).fill(0) });
  });
});

const cell = (id: string, lon: number, bikes: number, demand: number, extra = {}): CellState => ({
  cell: id,
  centre: [lon, 45.76],
  bikes: Array.from({ length: bikes }, (_, i) => ({
    id: lon * 1000 + i,
    vehicleNumber: `${id}-${i}`,
    idleSince: 1000 - i,
  })),
  demand: new Array(6).fill(demand / 6),
  allowed: true,
  preferred: null,
  ...extra,
});

describe('recommendations', () => {
  it('moves the longest idle bikes from a surplus to the nearest shortage', () => {
    const moves = recommendMoves([
      cell('A', 4.83, 8, 1),
      cell('B', 4.84, 0, 4),
      cell('C', 4.9, 6, 0), // farther than A from B
    ]);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ fromCell: 'A', toCell: 'B', extraRides: 4 });
    expect(moves[0]!.bikes.map((b) => b.vehicleNumber)).toEqual(['A-7', 'A-6', 'A-5', 'A-4']);
    expect(moves[0]!.beforeHours).toBeGreaterThanOrEqual(1);
  });

  it('never into a forbidden cell; preferred parking first and the bikes left there', () => {
    const moves = recommendMoves([
      cell('A', 4.83, 3, 0),
      cell('N', 4.831, 0, 3, { allowed: false }),
      cell('P', 4.84, 0, 3, { preferred: [4.8405, 45.7601] }),
      cell('Q', 4.835, 0, 3),
    ]);
    expect(moves.map((m) => m.toCell)).toEqual(['P']);
    expect(moves[0]!.to).toEqual([4.8405, 45.7601]);
  });

  it("late in the evening the night's quiet hours do not use up the horizon", () => {
    // 7 quiet hours, then the morning: B's riders come after the first 6 hours
    const night = (demand: number) => [
      ...new Array(7).fill(0.01),
      ...new Array(6).fill(demand / 6),
    ];
    const cells = [
      cell('A', 4.83, 8, 0, { demand: night(0) }),
      cell('B', 4.84, 0, 4, { demand: night(4) }),
    ];
    expect(serviceHours(cells, 6)).toBe(13);
    expect(recommendMoves(cells)).toMatchObject([{ fromCell: 'A', toCell: 'B', extraRides: 4 }]);
    expect(recommendMoves(cells)[0]!.beforeHours).toBeGreaterThanOrEqual(7);
    // a day's flat demand: the horizon is the hours asked for
    expect(serviceHours([cell('B', 4.84, 0, 6)], 6)).toBe(6);
  });

  it('proposes nothing where the gain is too small or the source would run short', () => {
    expect(recommendMoves([cell('A', 4.83, 2, 2), cell('B', 4.84, 0, 3)])).toEqual([]);
    expect(recommendMoves([cell('A', 4.83, 5, 0), cell('B', 4.84, 0, 0.2)])).toEqual([]);
  });
});

function fixtureStops(count: number, seed: number): Stop[] {
  const next = random(seed);
  const at = (): [number, number] => [4.8 + next() * 0.1, 45.72 + next() * 0.08];
  const stops: Stop[] = [];
  for (let i = 0; stops.length < count; i++) {
    if (i % 3 === 0) {
      stops.push({ id: `p${i}`, kind: 'PICKUP', at: at(), pair: `d${i}` });
      stops.push({
        id: `d${i}`,
        kind: 'DROP',
        at: at(),
        pair: `p${i}`,
        latest: 300 + (i % 5) * 20,
      });
    } else
      stops.push({ id: `s${i}`, kind: 'SWAP', at: at(), latest: i % 4 === 0 ? 120 : undefined });
  }
  return stops;
}

const vans = (n: number, capacity = 4): Van[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `v${i}`,
    start: [4.85, 45.76],
    capacity,
    shiftMinutes: 480,
  }));

describe('routes', () => {
  it('keeps every rule and is shorter than nearest-neighbour', () => {
    const stops = fixtureStops(60, 7);
    const plan = planRoutes(stops, vans(2, 3), { timeBudgetMs: 2000 });
    const baseline = nearestNeighbour(stops, vans(2, 3));
    const byId = new Map(stops.map((s) => [s.id, s]));
    for (const route of plan.routes) {
      const seen = new Set<string>();
      route.stops.forEach((id, k) => {
        const stop = byId.get(id)!;
        if (stop.kind === 'DROP') expect(seen.has(stop.pair!)).toBe(true);
        seen.add(id);
        expect(route.loads[k]).toBeLessThanOrEqual(3);
        expect(route.arrivals[k]).toBeLessThanOrEqual(stop.latest ?? 480);
      });
    }
    const planned = plan.routes.flatMap((r) => r.stops).length;
    expect(planned + plan.unplanned.length).toBe(60);
    expect(planned).toBeGreaterThanOrEqual(baseline.routes.flatMap((r) => r.stops).length);
    expect(plan.km).toBeLessThan(baseline.km);
  });

  it('a pickup and its drop-off stay on one route; a stop out of reach is left unplanned', () => {
    const stops: Stop[] = [
      { id: 'p', kind: 'PICKUP', at: [4.84, 45.76], pair: 'd' },
      { id: 'd', kind: 'DROP', at: [4.86, 45.76], pair: 'p' },
      { id: 'far', kind: 'SWAP', at: [5.9, 45.76], latest: 10 },
    ];
    const plan = planRoutes(stops, vans(2));
    expect(plan.unplanned).toEqual(['far']);
    expect(plan.routes.find((r) => r.stops.length)!.stops).toEqual(['p', 'd']);
  });
});
