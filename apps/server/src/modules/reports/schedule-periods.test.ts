// The periods of a report schedule and the moment each recipient gets one, and the days of a
// period as month bits (ADR 0127).
import { describe, expect, it } from 'vitest';
import { lastEnded, periodFrom, periodStart, sendMoment } from './schedule-periods';
import { monthMasks } from './period';

describe('schedule periods', () => {
  it('starts a week on Monday and a month on its first day', () => {
    expect(periodStart('WEEKLY', '2026-11-28')).toBe('2026-11-23');
    expect(periodStart('MONTHLY', '2026-11-28')).toBe('2026-11-01');
    expect(periodFrom('MONTHLY', '2026-02-01')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      next: '2026-03-01',
    });
  });

  it('sends now the last period that has ended', () => {
    expect(lastEnded('DAILY', '2026-11-28')).toMatchObject({
      from: '2026-11-27',
      to: '2026-11-27',
    });
    expect(lastEnded('WEEKLY', '2026-11-28')).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(lastEnded('MONTHLY', '2026-01-10')).toMatchObject({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it("sends at the recipient's hour, summer or winter", () => {
    expect(sendMoment('2026-07-14', 7, 'Europe/Paris').toISOString()).toBe(
      '2026-07-15T05:00:00.000Z',
    );
    expect(sendMoment('2026-12-14', 7, 'Europe/Paris').toISOString()).toBe(
      '2026-12-15T06:00:00.000Z',
    );
    expect(sendMoment('2026-12-14', 7, 'America/New_York').toISOString()).toBe(
      '2026-12-15T12:00:00.000Z',
    );
    expect(sendMoment('2026-12-14', 0, 'UTC').toISOString()).toBe('2026-12-15T00:00:00.000Z');
  });
});

describe('monthMasks', () => {
  it('gives each month a period touches with its days as bits (day n: bit n - 1)', () => {
    expect(monthMasks('2026-01-30', '2026-02-02')).toEqual({
      months: ['2026-01-01', '2026-02-01'],
      masks: [(1 << 29) | (1 << 30), 0b11],
    });
    expect(monthMasks('2026-03-01', '2026-03-31').masks).toEqual([2 ** 31 - 1]);
  });
});
