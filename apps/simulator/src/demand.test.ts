// The simulator's demand model (docs/rebalancing.md): its truth has the shapes it claims —
// commute peaks at the stations on weekdays, a quiet campus at weekends — persists from day to
// day, and the sampled starts follow it.
import { describe, expect, it } from 'vitest';
import { HOT_SPOTS, dayLevel, demandTrip, demandTruth, sampleStarts } from './demand';
import { distanceKm } from './city';
import { createRng } from './random';

const MONDAY = Date.UTC(2026, 0, 5);
const HOUR = 3_600_000;

describe('demand model', () => {
  it('stations peak at 8:00 and 18:00 on weekdays; the campus is quiet at weekends', () => {
    const week = demandTruth(MONDAY, 168, 3);
    const station = week.find((s) => s.kind === 'station')!.hourly;
    expect(station[8]).toBeGreaterThan(station[3]! * 10);
    expect(station[18]).toBeGreaterThan(station[13]!);
    const campus = week.find((s) => s.kind === 'campus')!.hourly;
    expect(campus[17]! / dayLevel(MONDAY, 3)).toBeGreaterThan(
      (campus[5 * 24 + 17]! / dayLevel(MONDAY + 5 * 24 * HOUR, 3)) * 4,
    );
  });

  it('the day level persists and the samples follow the truth', () => {
    const levels = Array.from({ length: 60 }, (_, d) => dayLevel(MONDAY + d * 24 * HOUR, 3));
    const change = levels.slice(1).map((l, d) => Math.abs(l - levels[d]!));
    expect(Math.max(...change)).toBeLessThan(0.5);
    const drawn = sampleStarts(MONDAY, 24 * 28, 3);
    for (const spot of drawn) {
      const expected = spot.hourly.reduce((a, b) => a + b, 0);
      const seen = spot.counts.reduce((a, b) => a + b, 0);
      expect(Math.abs(seen - expected)).toBeLessThan(4 * Math.sqrt(expected));
    }
  });

  it('morning rides lean towards the campus and the centre, evening ones to the stations', () => {
    const rng = createRng(5);
    const near = (kind: string, ms: number) => {
      let hits = 0;
      for (let i = 0; i < 400; i++) {
        const route = demandTrip(rng, HOT_SPOTS[3]!.at, ms);
        const end = route.points.at(-1)!;
        if (HOT_SPOTS.some((s) => s.kind === kind && distanceKm(s.at, end) < 0.05)) hits += 1;
      }
      return hits;
    };
    expect(near('campus', MONDAY + 8 * HOUR)).toBeGreaterThan(near('campus', MONDAY + 18 * HOUR));
    expect(near('station', MONDAY + 18 * HOUR)).toBeGreaterThan(near('station', MONDAY + 8 * HOUR));
  });
});
