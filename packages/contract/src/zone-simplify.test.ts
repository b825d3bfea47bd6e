// The zones as the map draws them (ADR 0119): few corners for a big zone, small ones as they
// are, every ring still closed with 3 points at least.
import { describe, expect, it } from 'vitest';
import { ZONE_MAP_VERTICES_MAX, mapGeometry } from './zone-simplify';
import { vertexCount } from './zone-geometry';
import type { ZoneGeometry } from './zones';

function comb(teeth: number): number[][] {
  const step = 0.05 / teeth;
  const ring: number[][] = [];
  for (let t = 0; t < teeth; t++) {
    const y = 45.7 + t * step;
    ring.push([4.8, y], [4.85, y + step / 4], [4.85, y + step / 2], [4.8, y + (3 * step) / 4]);
  }
  ring.push([4.79, 45.75], [4.79, 45.7]);
  return [...ring, ring[0]!];
}

const circle = (n: number, radius: number) => {
  const ring = Array.from({ length: n }, (_, i) => [
    4.85 + radius * Math.cos((2 * Math.PI * i) / n),
    45.75 + radius * Math.sin((2 * Math.PI * i) / n),
  ]);
  return [...ring, ring[0]!];
};

const closed = (ring: number[][]) =>
  ring.length >= 4 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1];

describe('mapGeometry', () => {
  it('leaves a small zone as it is (the same object)', () => {
    const square: ZoneGeometry = { type: 'Polygon', coordinates: [circle(4, 0.01)] };
    expect(mapGeometry(square)).toBe(square);
  });

  it('brings a 10,000-corner zig-zag under the map budget, rings closed, quickly', () => {
    const geometry: ZoneGeometry = { type: 'Polygon', coordinates: [comb(2_499)] };
    const started = Date.now();
    const simplified = mapGeometry(geometry);
    expect(Date.now() - started).toBeLessThan(500);
    expect(vertexCount(simplified)).toBeLessThanOrEqual(ZONE_MAP_VERTICES_MAX);
    expect(vertexCount(simplified)).toBeGreaterThan(100);
    expect((simplified.coordinates as number[][][]).every(closed)).toBe(true);
  });

  it('drops the corners a map cannot show (under a metre) and keeps the shape', () => {
    // 4,000 corners on a circle of 1 km: neighbours ~1.6 m apart, bulging by millimetres
    const geometry: ZoneGeometry = { type: 'Polygon', coordinates: [circle(4_000, 0.01)] };
    const simplified = mapGeometry(geometry).coordinates as number[][][];
    expect(simplified[0]!.length).toBeLessThan(400);
    expect(closed(simplified[0]!)).toBe(true);
    // every corner kept is a corner of the zone, still on its circle
    for (const [x, y] of simplified[0]!)
      expect(Math.hypot(x! - 4.85, y! - 45.75)).toBeCloseTo(0.01, 9);
  });

  it('keeps every polygon and hole of a multipolygon, each with 3 points at least', () => {
    const tiny = circle(50, 0.000001);
    const geometry: ZoneGeometry = {
      type: 'MultiPolygon',
      coordinates: [[circle(3_000, 0.02), tiny], [comb(500)]],
    };
    const simplified = mapGeometry(geometry).coordinates as number[][][][];
    expect(simplified.map((p) => p.length)).toEqual([2, 1]);
    expect(simplified.flat().every(closed)).toBe(true);
    expect(simplified[0]![1]!.length).toBe(4);
    expect(vertexCount(mapGeometry(geometry))).toBeLessThanOrEqual(ZONE_MAP_VERTICES_MAX);
  });
});
