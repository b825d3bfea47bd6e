// The pack estimator on fixed series (ADR 0130): capacity from energy against charge, from
// distance where no energy is reported, cycles, temperature, trend and the alert's reasons.
import { describe, expect, it } from 'vitest';
import {
  capacityOf,
  emptyPackState,
  equivalentCycles,
  healthAlert,
  stateOfHealth,
  stepPack,
  trendPer30Days,
  whPerKmOf,
  type PackSample,
} from './pack-estimator';

const MIN = 60_000;
const base = Date.UTC(2026, 10, 1);

/** a discharge of `from`→`to` points, one point a minute, of a pack of `capacityWh` at 10 Wh/km */
function discharge(
  from: number,
  to: number,
  capacityWh: number,
  start: { t: number; energy: number; odo: number },
  extra: Partial<PackSample> = {},
): PackSample[] {
  const samples: PackSample[] = [];
  for (let level = from, i = 0; level >= to; level--, i++) {
    const used = ((from - level) / 100) * capacityWh;
    samples.push({
      ts: start.t + i * MIN,
      level,
      plugged: false,
      odometerKm: start.odo + used / 10,
      cycles: null,
      tempC: null,
      energyWh: start.energy + used,
      ...extra,
    });
  }
  return samples;
}

const run = (samples: PackSample[], whPerKm: number | null = null) =>
  samples.reduce((state, s) => stepPack(state, s, whPerKm), emptyPackState());

describe('the pack estimator', () => {
  it('reads the usable capacity from energy against charge', () => {
    const state = run(discharge(95, 20, 420, { t: base, energy: 1000, odo: 50 }));
    expect(capacityOf(state)).toBeCloseTo(420, 0);
    expect(stateOfHealth(state, 500)).toBe(84);
    expect(equivalentCycles(state)).toBe(0.75);
    expect(whPerKmOf(state)).toBeCloseTo(10, 5);
  });

  it('keeps a window across a night parked, not across a gap where the pack was used', () => {
    // 20 points, 10 hours parked (nothing used), 20 points more: one window of 40 points
    const evening = discharge(90, 70, 420, { t: base, energy: 0, odo: 0 });
    const morning = (energy: number, odo: number) =>
      discharge(70, 50, 420, { t: base + 10 * 3600_000, energy, odo });
    const parked = run([...evening, ...morning(84, 8.4)]);
    expect(capacityOf(parked)).toBeCloseTo(420, 0);
    // the same with the odometer only (no energy counter): the model's Wh/km
    const noEnergy = (samples: PackSample[]) => samples.map((s) => ({ ...s, energyWh: null }));
    expect(capacityOf(run(noEnergy([...evening, ...morning(84, 8.4)]), 10))).toBeCloseTo(420, 0);
    // ridden in the gap (the counters moved, unseen): the window starts again, nothing yet
    expect(capacityOf(run([...evening, ...morning(150, 15)]))).toBeNull();
    // the level dropped in the gap with nothing used: a counter that says nothing
    const dropped = morning(84, 8.4).map((s) => ({ ...s, level: s.level! - 5 }));
    expect(capacityOf(run([...evening, ...dropped]))).toBeNull();
  });

  it('needs a window of 30 points before the first estimate', () => {
    expect(capacityOf(run(discharge(90, 70, 420, { t: base, energy: 0, odo: 0 })))).toBeNull();
  });

  it('does not count charging, and keeps windows across a charge', () => {
    const first = discharge(90, 70, 400, { t: base, energy: 0, odo: 0 });
    const charge: PackSample[] = [70, 80, 90].map((level, i) => ({
      ts: base + (30 + i * 10) * MIN,
      level,
      plugged: true,
      odometerKm: 8,
      cycles: 3,
      tempC: null,
      energyWh: 80,
    }));
    const second = discharge(90, 70, 400, { t: base + 60 * MIN, energy: 80, odo: 8 });
    const state = run([...first, ...charge, ...second]);
    expect(capacityOf(state)).toBeCloseTo(400, 0);
    expect(equivalentCycles(state)).toBe(0.4);
    expect(state.cycles).toBe(3);
  });

  it('uses the distance times the model Wh/km where the pack reports no energy', () => {
    const samples = discharge(95, 20, 450, { t: base, energy: 0, odo: 0 }, { energyWh: null });
    expect(capacityOf(run(samples))).toBeNull();
    expect(capacityOf(run(samples, 10))).toBeCloseTo(450, 0);
  });

  it('takes the median of the last windows: one odd window does not move it', () => {
    let t = { t: base, energy: 0, odo: 0 };
    let state = emptyPackState();
    for (const capacity of [400, 400, 900, 400]) {
      for (const s of discharge(90, 60, capacity, t)) state = stepPack(state, s, null);
      t = { t: t.t + 40 * MIN, energy: state.last!.energyWh!, odo: state.last!.odometerKm! };
      // a charge back to 90 between two discharges
      state = stepPack(state, { ...state.last!, ts: t.t - MIN, level: 90, plugged: true }, null);
    }
    expect(capacityOf(state)).toBeCloseTo(400, 0);
  });

  it('counts the hours hot and cold and the highest temperature', () => {
    const samples = [38, 38, 20, -2, -2].map((tempC, i) => ({
      ts: base + i * 60 * MIN,
      level: 80,
      plugged: false,
      odometerKm: null,
      cycles: null,
      tempC,
      energyWh: null,
    }));
    const state = run(samples);
    expect(state.hotHours).toBe(2);
    expect(state.coldHours).toBe(1);
    expect(state.tempMax).toBe(38);
  });

  it('ignores a sample older than the last one', () => {
    const samples = discharge(95, 60, 400, { t: base, energy: 0, odo: 0 });
    const state = run(samples);
    expect(stepPack(state, samples[3]!, null)).toBe(state);
  });
});

describe('the trend and the alert', () => {
  const day = 86_400_000;
  it('is the least-squares slope in points per 30 days', () => {
    const points = Array.from({ length: 20 }, (_, i) => ({ day: i * day, soh: 95 - i * 0.1 }));
    expect(trendPer30Days(points)).toBeCloseTo(-3, 5);
  });
  it('needs 7 points over 14 days', () => {
    expect(trendPer30Days([0, 20, 40].map((i) => ({ day: i * day, soh: 90 - i })))).toBeNull();
    const week = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ day: i * day, soh: 90 }));
    expect(trendPer30Days(week)).toBeNull();
    const fortnight = [0, 2, 4, 6, 8, 10, 14].map((i) => ({ day: i * day, soh: 90 }));
    expect(trendPer30Days(fortnight)).toBe(0);
  });
  it('alerts under the threshold first, then a fast drop', () => {
    const settings = { sohThreshold: 80, fastDropPoints: 4 };
    expect(healthAlert(79.9, 0, settings)).toBe('LOW_STATE_OF_HEALTH');
    expect(healthAlert(90, -4, settings)).toBe('FAST_DROP');
    expect(healthAlert(90, -1, settings)).toBeNull();
    expect(healthAlert(null, null, settings)).toBeNull();
  });
});
