import { describe, expect, it } from 'vitest';
import {
  bboxOf,
  isZoneActive,
  pointInGeometry,
  selfIntersection,
  zoneGeometryErrors,
} from './zone-geometry';
import type { ZoneGeometry } from './zones';

const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const polygon = (...rings: number[][][]): ZoneGeometry => ({ type: 'Polygon', coordinates: rings });

describe('zoneGeometryErrors', () => {
  it('accepts a square, a square with a hole and a multipolygon', () => {
    expect(zoneGeometryErrors(polygon(square(4.8, 45.7, 0.1)))).toEqual([]);
    expect(zoneGeometryErrors(polygon(square(0, 0, 10), square(2, 2, 2)))).toEqual([]);
    const multi: ZoneGeometry = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 1)], [square(5, 5, 1)]],
    };
    expect(zoneGeometryErrors(multi)).toEqual([]);
  });

  it('names an unclosed ring, too few positions and coordinates out of range', () => {
    expect(zoneGeometryErrors(polygon(square(0, 0, 1).slice(0, 4)))[0]?.message).toMatch(
      /not closed/,
    );
    expect(
      zoneGeometryErrors(
        polygon([
          [0, 0],
          [1, 1],
          [0, 0],
        ]),
      )[0]?.message,
    ).toMatch(/at least 4 positions/);
    expect(zoneGeometryErrors(polygon(square(179.5, 0, 1)))[0]?.message).toMatch(/longitude/);
    expect(zoneGeometryErrors(polygon(square(0, 89.5, 1)))[0]?.message).toMatch(/latitude/);
    const multi: ZoneGeometry = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 1)], [square(5, 5, 1).slice(0, 4)]],
    };
    expect(zoneGeometryErrors(multi)[0]?.field).toBe('coordinates/1/0');
  });

  it('refuses a self-intersecting ring (a bow tie) and too many vertices', () => {
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(zoneGeometryErrors(polygon(bowTie))[0]?.message).toMatch(/crosses itself/);
    const ring = Array.from({ length: 10_001 }, (_, i) => {
      const a = (i / 10_001) * 2 * Math.PI;
      return [Math.cos(a), Math.sin(a)];
    });
    ring.push(ring[0]!);
    expect(zoneGeometryErrors(polygon(ring))[0]?.message).toMatch(/more than the 10000/);
  });

  it('refuses holes outside or across their ring, and parts of a multipolygon that overlap', () => {
    const multi = (...parts: number[][][][]): ZoneGeometry => ({
      type: 'MultiPolygon',
      coordinates: parts,
    });
    expect(zoneGeometryErrors(polygon(square(0, 0, 10), square(20, 20, 2)))[0]).toEqual({
      field: 'coordinates/1',
      message: 'the hole is outside its outer ring',
    });
    expect(zoneGeometryErrors(polygon(square(0, 0, 10), square(8, 8, 4)))[0]).toEqual({
      field: 'coordinates/1',
      message: 'the hole crosses its outer ring',
    });
    expect(
      zoneGeometryErrors(polygon(square(0, 0, 10), square(1, 1, 4), square(3, 3, 4)))[0],
    ).toEqual({ field: 'coordinates/2', message: 'the hole crosses hole 1' });
    // crossing parts, and a part inside another
    expect(zoneGeometryErrors(multi([square(0, 0, 2)], [square(1, 1, 2)]))[0]).toEqual({
      field: 'coordinates/1',
      message: 'overlaps polygon 0',
    });
    expect(zoneGeometryErrors(multi([square(0, 0, 10)], [square(2, 2, 1)]))[0]?.message).toBe(
      'overlaps polygon 0',
    );
    // allowed: a part in another's hole, parts that touch along an edge, a hole touching its ring
    expect(
      zoneGeometryErrors(multi([square(0, 0, 10), square(2, 2, 4)], [square(3, 3, 1)])),
    ).toEqual([]);
    expect(zoneGeometryErrors(multi([square(0, 0, 1)], [square(1, 0, 1)]))).toEqual([]);
    expect(zoneGeometryErrors(polygon(square(0, 0, 10), square(0, 2, 2)))).toEqual([]);
  });

  it('finds no crossing in a large convex ring quickly', () => {
    const ring = Array.from({ length: 9_999 }, (_, i) => {
      const a = (i / 9_999) * 2 * Math.PI;
      return [Math.cos(a), Math.sin(a)];
    });
    ring.push(ring[0]!);
    const started = Date.now();
    expect(selfIntersection(ring)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('pointInGeometry', () => {
  const withHole = polygon(square(0, 0, 10), square(2, 2, 2));
  it('is inside the outer ring, outside the hole, and inside on an edge', () => {
    expect(pointInGeometry(5, 5, withHole)).toBe(true);
    expect(pointInGeometry(3, 3, withHole)).toBe(false);
    expect(pointInGeometry(11, 5, withHole)).toBe(false);
    expect(pointInGeometry(0, 5, withHole)).toBe(true);
    expect(pointInGeometry(2, 3, withHole)).toBe(true);
  });

  it('looks in every polygon of a multipolygon', () => {
    const multi: ZoneGeometry = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 1)], [square(5, 5, 1)]],
    };
    expect(pointInGeometry(5.5, 5.5, multi)).toBe(true);
    expect(pointInGeometry(3, 3, multi)).toBe(false);
    expect(bboxOf(multi)).toEqual([0, 0, 6, 6]);
  });
});

describe('isZoneActive', () => {
  const weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI'] as const;
  it('follows the days and hours in the time zone', () => {
    const hours = { from: '08:00', to: '20:00', days: [...weekdays], timeZone: 'Europe/Paris' };
    // Wednesday 2026-11-25 09:00 UTC = 10:00 in Paris
    expect(isZoneActive(hours, new Date('2026-11-25T09:00:00Z'))).toBe(true);
    expect(isZoneActive(hours, new Date('2026-11-25T19:30:00Z'))).toBe(false);
    // Saturday
    expect(isZoneActive(hours, new Date('2026-11-28T09:00:00Z'))).toBe(false);
    expect(isZoneActive(null, new Date())).toBe(true);
  });

  it('spans midnight: the small hours belong to the day before', () => {
    const night = { from: '22:00', to: '06:00', days: ['FRI' as const], timeZone: 'UTC' };
    expect(isZoneActive(night, new Date('2026-11-27T23:00:00Z'))).toBe(true); // Friday
    expect(isZoneActive(night, new Date('2026-11-28T05:00:00Z'))).toBe(true); // Saturday early
    expect(isZoneActive(night, new Date('2026-11-28T23:00:00Z'))).toBe(false);
  });
});
