import { describe, expect, it } from 'vitest';
import { generateHistory } from './history';
import { isSilentModule } from './module-profile';
import { STATIONS, routeBetween } from './city';
import { createRng } from './random';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const DAY = 86_400_000;

describe('generateHistory', () => {
  it('gives a live module 30 days of rides, thinned telemetry and a fresh last position', () => {
    const history = generateHistory('H00001', { days: 30, now: NOW });
    expect(history.trips.length).toBeGreaterThan(30);
    expect(history.telemetry.length).toBeLessThan(30 * 15);
    const first = history.telemetry[0]!.ts.getTime();
    expect(first).toBeGreaterThanOrEqual(NOW - 30 * DAY);
    expect(NOW - history.final.lastTs.getTime()).toBeLessThan(6 * 3_600_000);
    for (const trip of history.trips) {
      expect(trip.distanceKm).toBeGreaterThan(0);
      const kmh = trip.distanceKm / (trip.durationMinutes / 60);
      expect(kmh).toBeGreaterThan(10);
      expect(kmh).toBeLessThan(25);
    }
    const seqs = history.telemetry.map((t) => t.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(history.final.odometerKm).toBeGreaterThan(history.telemetry[0]!.odometerKm);
  });

  it('records the turns of each ride between its start and its end', () => {
    const history = generateHistory('H00002', { days: 30, now: NOW });
    expect(history.ridePositions.length).toBeGreaterThan(history.trips.length);
    for (const position of history.ridePositions) {
      const trip = history.trips.find(
        (t) => t.startedAt <= position.ts && position.ts <= t.endedAt,
      );
      expect(trip, position.ts.toISOString()).toBeDefined();
      expect(position.mode).toBe('NAVIGATION');
    }
    const all = [...history.telemetry, ...history.ridePositions];
    const seqs = all.map((p) => p.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('leaves a silent module without news for more than 7 days', () => {
    let id = 'Q00000';
    for (let i = 0; !isSilentModule(id); i += 1) id = `Q${i.toString().padStart(5, '0')}`;
    const history = generateHistory(id, { days: 30, now: NOW });
    expect(NOW - history.final.lastTs.getTime()).toBeGreaterThan(7 * DAY);
  });
});

describe('city routes', () => {
  it('follow the streets: every leg runs along one axis', () => {
    const rng = createRng(1);
    const route = routeBetween(rng, STATIONS[0]!, STATIONS[STATIONS.length - 1]!);
    for (let i = 1; i < route.points.length; i += 1) {
      const a = route.points[i - 1]!;
      const b = route.points[i]!;
      expect(a.lat === b.lat || a.lon === b.lon).toBe(true);
    }
    expect(route.km).toBeGreaterThan(1);
  });

  it('locks every bike for the city event night, ten days ago, and unlocks it in the morning', () => {
    const night = NOW - (NOW % DAY) - 10 * DAY;
    for (const moduleId of ['H00001', 'H00002', 'H00003', 'H00004']) {
      const commands = generateHistory(moduleId, { days: 30, now: NOW }).commands.filter(
        (c) =>
          c.requestedAt.getTime() >= night && c.requestedAt.getTime() < night + DAY + 8 * 3_600_000,
      );
      expect(
        commands.map((c) => [c.type, c.value, c.status]),
        moduleId,
      ).toEqual([
        ['LOCK_CONTROL', 'true', 'ACKNOWLEDGED'],
        ['LOCK_CONTROL', 'false', 'ACKNOWLEDGED'],
      ]);
      expect(commands[0]!.requestedAt.getTime() - night).toBe(22 * 3_600_000);
    }
    // a history too short to hold that night has none of it
    const week = generateHistory('H00001', { days: 7, now: NOW });
    expect(week.commands.filter((c) => c.requestedAt.getTime() < NOW - 7 * DAY)).toEqual([]);
  });
});
