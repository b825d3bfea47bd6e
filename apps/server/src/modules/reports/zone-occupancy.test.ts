// Time in each zone and occupancy against its caps (ADR 0127), against a day computed by hand.
import { describe, expect, it } from 'vitest';
import type { BikeDayInput } from './bike-day';
import { availableSpans, MinuteCounts, parkedSpans, ZoneOccupancy } from './zone-occupancy';

const H = 3_600_000;
const START = Date.parse('2026-03-02T00:00:00Z');
const at = (hours: number) => START + hours * H;
const available = { availability: 'AVAILABLE', stolen: false };
const IN_A = { lat: 0.5, lon: 0.5 };
const IN_B = { lat: 0.5, lon: 2.5 };
const square = (west: number) => (lon: number, lat: number) =>
  lon >= west && lon <= west + 1 && lat >= 0 && lat <= 1;

const day = (over: Partial<BikeDayInput>): BikeDayInput => ({
  start: START,
  end: at(24),
  createdAt: 0,
  initial: available,
  changes: [],
  trips: [],
  ...over,
});

// bike 1: in A, rides to B at 8:00–9:00, back to A at 18:00–18:30 → A 8 h + 5.5 h, B 9 h
const bike1 = day({
  trips: [
    { startedAt: at(8), endedAt: at(9), km: 3, minutes: 60, endLat: 0.5, endLon: 2.5 },
    { startedAt: at(18), endedAt: at(18.5), km: 3, minutes: 30, endLat: 0.5, endLon: 0.5 },
  ],
});
// bike 2: in A, taken OUT for maintenance 10:00–16:00 → A 10 h + 8 h
const bike2 = day({
  changes: [
    { at: at(10), availability: 'OUT' },
    { at: at(16), availability: 'AVAILABLE' },
  ],
});
// bike 4 (group g): in B, reported stolen at 12:00 → B 12 h
const bike4 = day({ changes: [{ at: at(12), stolen: true }] });

describe('parkedSpans', () => {
  it('stands where its last trip ended, only while in the right of way and not riding', () => {
    expect(parkedSpans(bike1, IN_A)).toEqual([
      { from: at(0), to: at(8), ...IN_A },
      { from: at(9), to: at(18), ...IN_B },
      { from: at(18.5), to: at(24), ...IN_A },
    ]);
    expect(parkedSpans(bike2, IN_A)).toEqual([
      { from: at(0), to: at(10), ...IN_A },
      { from: at(16), to: at(24), ...IN_A },
    ]);
  });

  it('a bike of unknown place counts in no zone', () => {
    expect(parkedSpans(day({}), null)).toEqual([]);
  });
});

describe('ZoneOccupancy', () => {
  it('bike-minutes, peak and minutes outside the caps, per zone; minutes per zone and group', () => {
    const occupancy = new ZoneOccupancy(
      [
        { id: 'A', minBikes: 1, maxBikes: 1, contains: square(0) },
        { id: 'B', minBikes: null, maxBikes: null, contains: square(2) },
      ],
      START,
      at(24),
    );
    occupancy.add(parkedSpans(bike1, IN_A), null);
    occupancy.add(parkedSpans(bike2, IN_A), null);
    occupancy.add(parkedSpans(day({}), null), null);
    occupancy.add(parkedSpans(bike4, IN_B), 'g');
    // A: 2 bikes 0–8, 1 bike 8–10, none 10–16, 1 bike 16–18:30, 2 bikes 18:30–24
    // B: 1 bike 0–9, 2 bikes 9–12, 1 bike 12–18, none after
    expect(occupancy.rows()).toEqual([
      {
        zoneId: 'A',
        parkedMinutes: 810 + 1080,
        observedMinutes: 1440,
        peakParked: 2,
        minutesAboveMax: 480 + 330,
        minutesBelowMin: 360,
        minBikes: 1,
        maxBikes: 1,
      },
      {
        zoneId: 'B',
        parkedMinutes: 540 + 720,
        observedMinutes: 1440,
        peakParked: 2,
        minutesAboveMax: 0,
        minutesBelowMin: 0,
        minBikes: null,
        maxBikes: null,
      },
    ]);
    expect(occupancy.groupRows()).toEqual([
      { zoneId: 'A', groupId: null, parkedMinutes: 1890 },
      { zoneId: 'B', groupId: null, parkedMinutes: 540 },
      { zoneId: 'B', groupId: 'g', parkedMinutes: 720 },
    ]);
  });

  it('today is observed up to now', () => {
    const occupancy = new ZoneOccupancy(
      [{ id: 'A', minBikes: null, maxBikes: 0, contains: square(0) }],
      START,
      at(10.5),
    );
    occupancy.add(parkedSpans({ ...bike2, end: at(10.5) }, IN_A), null);
    expect(occupancy.rows()[0]).toMatchObject({
      parkedMinutes: 600,
      observedMinutes: 630,
      peakParked: 1,
      minutesAboveMax: 600,
    });
  });
});

describe('availableSpans and MinuteCounts', () => {
  it('the bikes available at each minute, sampled at its start', () => {
    const counts = new MinuteCounts(START, at(24));
    for (const bike of [bike1, bike2]) for (const s of availableSpans(bike)) counts.add('', s);
    const series = counts.series('');
    expect(series[0]).toBe(2);
    expect(series[8 * 60]).toBe(1); // bike 1 riding
    expect(series[12 * 60]).toBe(1); // bike 2 out, bike 1 in B
    expect(series[18 * 60 + 10]).toBe(1); // bike 1 riding again
    expect(series[20 * 60]).toBe(2);
    expect(counts.total('')).toBe(1440 - 90 + 1440 - 360);
  });
});
