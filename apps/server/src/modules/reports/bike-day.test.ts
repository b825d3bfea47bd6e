// A bike's day by the MDS Metrics definitions (ADR 0127), against days computed by hand.
import { describe, expect, it } from 'vitest';
import { bikeDay } from './bike-day';

const H = 3_600_000;
const START = Date.parse('2026-03-02T00:00:00Z');
const at = (hours: number) => START + hours * H;
const available = { availability: 'AVAILABLE', stolen: false };

describe('bikeDay', () => {
  it('a whole day available with two trips: 24 h deployed, 1.5 h riding, 22.5 h available', () => {
    const day = bikeDay({
      start: START,
      end: at(24),
      createdAt: START - 10 * 24 * H,
      initial: available,
      changes: [],
      trips: [
        { startedAt: at(8), endedAt: at(9), km: 5, minutes: 60 },
        { startedAt: at(18), endedAt: at(18.5), km: 2.5, minutes: 30 },
      ],
    });
    expect(day).toEqual({
      trips: 2,
      km: 7.5,
      rideMinutes: 90,
      deployedMinutes: 1440,
      availableMinutes: 1350,
      onTripMinutes: 90,
      end: available,
    });
  });

  it('removed for maintenance from 10:00 to 16:00 (OUT), then back: 18 h deployed', () => {
    const day = bikeDay({
      start: START,
      end: at(24),
      createdAt: 0,
      initial: available,
      changes: [
        { at: at(16), availability: 'AVAILABLE' },
        { at: at(10), availability: 'OUT' },
      ],
      trips: [],
    });
    expect(day.deployedMinutes).toBe(18 * 60);
    expect(day.availableMinutes).toBe(18 * 60);
    expect(day.trips).toBe(0);
  });

  it('IN_OPERATION is deployed (non-operational) but not available', () => {
    const day = bikeDay({
      start: START,
      end: at(24),
      createdAt: 0,
      initial: { availability: 'IN_OPERATION', stolen: false },
      changes: [{ at: at(6), availability: 'AVAILABLE' }],
      trips: [],
    });
    expect(day.deployedMinutes).toBe(1440);
    expect(day.availableMinutes).toBe(18 * 60);
  });

  it('a theft reported at 20:00 ends the time in the right of way; the end state carries it', () => {
    const day = bikeDay({
      start: START,
      end: at(24),
      createdAt: 0,
      initial: available,
      changes: [{ at: at(20), stolen: true }],
      trips: [],
    });
    expect(day.deployedMinutes).toBe(20 * 60);
    expect(day.end).toEqual({ availability: 'AVAILABLE', stolen: true });
  });

  it('a trip across midnight: counted on the day it started, its minutes split', () => {
    const trip = { startedAt: at(23.5), endedAt: at(24.5), km: 4, minutes: 60 };
    const first = bikeDay({
      start: START,
      end: at(24),
      createdAt: 0,
      initial: available,
      changes: [],
      trips: [trip],
    });
    const second = bikeDay({
      start: at(24),
      end: at(48),
      createdAt: 0,
      initial: available,
      changes: [],
      trips: [trip],
    });
    expect([first.trips, first.km, first.onTripMinutes]).toEqual([1, 4, 30]);
    expect([second.trips, second.km, second.onTripMinutes]).toEqual([0, 0, 30]);
  });

  it('a bike provisioned at noon, today until 18:00: 6 h deployed', () => {
    const day = bikeDay({
      start: START,
      end: at(18),
      createdAt: at(12),
      initial: available,
      changes: [],
      trips: [],
    });
    expect(day.deployedMinutes).toBe(360);
  });
});
