// Against known distances and bearings: Paris → Lyon (391.5 km, initial bearing 151°: south-east),
// Place Bellecour → Croix-Rousse (1.8 km due north), and the eight points' boundaries.
import { describe, expect, it } from 'vitest';
import { moveWay } from './move-way';

describe('moveWay', () => {
  it('gives the great-circle distance and the compass point of a known route', () => {
    const paris: [number, number] = [2.3522, 48.8566];
    const lyon: [number, number] = [4.8357, 45.764];
    const way = moveWay(paris, lyon);
    expect(way.km).toBeGreaterThan(390);
    expect(way.km).toBeLessThan(393);
    expect(way.direction).toBe('SE');
    expect(moveWay(lyon, paris).direction).toBe('NW');
  });

  it('measures a move across a city to within a few metres', () => {
    const way = moveWay([4.832, 45.7578], [4.832, 45.774]);
    expect(way.km).toBeCloseTo(1.801, 2);
    expect(way.direction).toBe('N');
  });

  it('rounds the bearing to the nearest of the eight points', () => {
    const at = (dLon: number, dLat: number) => moveWay([0, 0], [dLon, dLat]).direction;
    expect([at(0, 1), at(1, 1), at(1, 0), at(1, -1)]).toEqual(['N', 'NE', 'E', 'SE']);
    expect([at(0, -1), at(-1, -1), at(-1, 0), at(-1, 1)]).toEqual(['S', 'SW', 'W', 'NW']);
    // 20° east of north is still north, 25° is north-east
    expect(at(Math.tan((20 * Math.PI) / 180) * 0.01, 0.01)).toBe('N');
    expect(at(Math.tan((25 * Math.PI) / 180) * 0.01, 0.01)).toBe('NE');
  });
});
