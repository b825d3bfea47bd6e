import { describe, expect, it } from 'vitest';
import { ChartDaySchema, type ChartDay } from '@vfm/contract';
import { changeOf, perRidingDay, periodOf, previousPeriod } from './shaping';

const NOW = Date.parse('2026-11-23T07:40:00Z');
/** a quiet day: every figure of the contract's day 0, but those given */
const day = (overrides: Partial<ChartDay>): ChartDay =>
  ({
    ...(Object.fromEntries(
      Object.keys(ChartDaySchema.properties).map((key) => [key, 0]),
    ) as object),
    date: '2026-11-20',
    ...overrides,
  }) as ChartDay;

describe('statistics shaping', () => {
  it('gives each period choice its range and granularity, ending on a whole hour', () => {
    expect(periodOf('day', null, null, NOW)).toEqual({
      from: '2026-11-22T08:00:00.000Z',
      to: '2026-11-23T08:00:00.000Z',
      granularity: 'hour',
    });
    expect(periodOf('week', null, null, NOW).granularity).toBe('hour');
    expect(periodOf('month', null, null, NOW)).toMatchObject({
      from: '2026-10-24T08:00:00.000Z',
      granularity: 'day',
    });
    const custom = periodOf('custom', '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', NOW);
    expect(custom).toEqual({
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
      granularity: 'day',
    });
    // reversed custom dates: a week
    expect(periodOf('custom', '2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z', NOW)).toEqual(
      periodOf('week', null, null, NOW),
    );
  });

  it('compares with the period just before, of the same length', () => {
    const period = periodOf('day', null, null, NOW);
    expect(previousPeriod(period)).toEqual({
      from: '2026-11-21T08:00:00.000Z',
      to: '2026-11-22T08:00:00.000Z',
      granularity: 'hour',
    });
    expect(changeOf(110, 100)).toBe('+10 %');
    expect(changeOf(95, 100)).toBe('−5 %');
    expect(changeOf(100, 100)).toBe('±0 %');
    expect(changeOf(3, 0)).toBe('+∞');
    expect(changeOf(0, 0)).toBe('±0 %');
    // tenfold or more: a multiple, in the page's language
    expect(changeOf(4_060, 2)).toBe('× 2,030');
    expect(changeOf(4_060, 2, 'fr')).toBe('× 2\u202f030');
    expect(changeOf(999, 100)).toBe('+899 %');
  });

  it('averages distance and time per bike and riding day', () => {
    expect(
      perRidingDay([
        day({ distanceKm: 30, durationMinutes: 120, activeBikes: 3 }),
        day({ distanceKm: 10, durationMinutes: 40, activeBikes: 1 }),
        day({}),
      ]),
    ).toEqual({ km: 10, minutes: 40 });
    expect(perRidingDay([day({})])).toEqual({ km: null, minutes: null });
  });
});
