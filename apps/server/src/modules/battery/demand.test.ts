// The demand profile and the time to 20 % on fixed series (ADR 0130).
import { describe, expect, it } from 'vitest';
import {
  emptyDemandState,
  hourlyRates,
  hoursToTarget,
  nextPeakEnd,
  peakHour,
  recentFactor,
  stepDemand,
} from './demand';

const HOUR = 3600_000;
const base = Date.UTC(2026, 10, 2); // midnight UTC

describe('the time to 20 %', () => {
  it('walks the hours at their rates', () => {
    const rates = Array(24).fill(2);
    expect(hoursToTarget(60, base, rates)).toBe(20);
    expect(hoursToTarget(20, base, rates)).toBe(0);
    expect(hoursToTarget(null, base, rates)).toBeNull();
    expect(hoursToTarget(90, base, Array(24).fill(0))).toBeNull();
  });
  it('goes faster in the busy hours and with a higher recent factor', () => {
    const rates = Array(24).fill(1);
    rates[8] = 20;
    // 30 points: 8 in 0–8 h, 20 in hour 8, the last 2 at 1 an hour → 11 h (30 without the peak)
    expect(hoursToTarget(50, base, rates)).toBe(11);
    expect(hoursToTarget(50, base, Array(24).fill(1), 2)).toBe(15);
  });
});

describe('the demand profile', () => {
  it('learns the points used per hour of the day, off the charger', () => {
    let state = emptyDemandState();
    let level = 100;
    // three days: 6 points an hour from 17:00 to 19:00 UTC, 1 point an hour otherwise
    for (let h = 0; h < 72; h++) {
      const hour = h % 24;
      const use = hour >= 17 && hour < 19 ? 6 : 1;
      for (let m = 0; m < 6; m++) {
        level -= use / 6;
        state = stepDemand(state, {
          ts: base + h * HOUR + (m + 1) * 10 * 60_000,
          level: Math.round(level * 100) / 100,
          plugged: false,
        });
      }
      if (level < 30) {
        level = 100;
        state = stepDemand(state, { ts: base + (h + 1) * HOUR - 1, level: 100, plugged: true });
      }
    }
    const rates = hourlyRates(state);
    expect(rates[17]).toBeCloseTo(6, 0);
    expect(rates[3]).toBeCloseTo(1, 0);
    expect(peakHour([rates])).toBe(17);
    expect(recentFactor(state)).toBeCloseTo(1, 0);
  });
});

describe('the next peak', () => {
  it('ends at the end of the peak hour, today or tomorrow', () => {
    expect(nextPeakEnd(base + 10 * HOUR, 17)).toBe(base + 18 * HOUR);
    expect(nextPeakEnd(base + 17.5 * HOUR, 17)).toBe(base + 18 * HOUR);
    expect(nextPeakEnd(base + 19 * HOUR, 17)).toBe(base + 42 * HOUR);
  });
});
