// The sweep's crossing checks (ADR 0119) against every pair tested (the reference): the same
// answer on many random small rings full of the awkward cases (shared corners, collinear and
// vertical edges, corners on edges), and a zig-zag of 10,000 corners checked quickly.
import { describe, expect, it } from 'vitest';
import { pointInRing, selfIntersection, zoneGeometryErrors } from './zone-geometry';
import {
  referenceEdgesCross,
  referenceRingsCross,
  referenceSelfIntersection,
} from './zone-geometry.reference';
import type { ZoneGeometry } from './zones';

/** A small deterministic generator (the runs are the same every time). */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 16807) % 2147483647;
    return state % n;
  };
}

/** A closed ring of `corners` corners on a small grid (many collinear and repeated points). */
function ring(next: (n: number) => number, corners: number, grid: number, dx = 0, dy = 0) {
  const points = Array.from({ length: corners }, () => [next(grid) + dx, next(grid) + dy]);
  return [...points, points[0]!];
}

const n = (r: number[][]) => r.length - 1;
const adjacent = (r: number[][], i: number, j: number) =>
  Math.abs(i - j) === 1 || Math.abs(i - j) === n(r) - 1;

describe('selfIntersection (the sweep) and every pair tested', () => {
  it('agree on 20,000 random rings of 3 to 12 corners, and the pair named does cross', () => {
    const next = random(7);
    let crossing = 0;
    for (let k = 0; k < 20_000; k++) {
      const r = ring(next, 3 + next(10), 3 + next(6));
      const fast = selfIntersection(r);
      const slow = referenceSelfIntersection(r);
      if ((fast === null) !== (slow === null)) expect({ r, fast, slow }).toBe('the same answer');
      if (fast) {
        crossing += 1;
        expect(referenceEdgesCross(r, fast[0], fast[1], adjacent(r, fast[0], fast[1]))).toBe(true);
      }
    }
    // both answers were well represented
    expect(crossing).toBeGreaterThan(2_000);
    expect(crossing).toBeLessThan(19_500);
  });

  it('agree on simple rings (star-shaped, so mostly valid) with corners moved onto edges', () => {
    const next = random(11);
    let valid = 0;
    for (let k = 0; k < 5_000; k++) {
      const corners = 4 + next(12);
      const r = Array.from({ length: corners }, (_, i) => {
        const a = (2 * Math.PI * i) / corners;
        const radius = 2 + next(4);
        return [Math.round(radius * Math.cos(a) * 2), Math.round(radius * Math.sin(a) * 2)];
      });
      r.push(r[0]!);
      const fast = selfIntersection(r);
      const slow = referenceSelfIntersection(r);
      if ((fast === null) !== (slow === null)) expect({ r, fast, slow }).toBe('the same answer');
      if (!fast) valid += 1;
    }
    expect(valid).toBeGreaterThan(500);
  });
});

describe('two rings crossing (the sweep) and every pair tested', () => {
  it('agree on 20,000 random holes in random rings, touching and overlapping included', () => {
    const next = random(13);
    const simple = (grid: number, offset: number) => {
      for (;;) {
        const r = ring(next, 3 + next(6), grid, offset, offset);
        if (!referenceSelfIntersection(r) && new Set(r.map(String)).size >= 3) return r;
      }
    };
    let crossing = 0;
    let inside = 0;
    for (let k = 0; k < 20_000; k++) {
      const outer = simple(4 + next(3), 0);
      // half the holes small and in the middle, so that many fit
      const hole = k % 2 ? simple(4 + next(3), 0) : simple(2 + next(2), 1);
      const geometry: ZoneGeometry = { type: 'Polygon', coordinates: [outer, hole] };
      const message = zoneGeometryErrors(geometry)[0]?.message;
      // as the layout check was: a crossing, else a corner of the hole outside (ray casting)
      const slow = referenceRingsCross(outer, hole);
      const outside = !hole.every(([x, y]) => pointInRing(x!, y!, outer));
      expect(message).toBe(
        slow
          ? 'the hole crosses its outer ring'
          : outside
            ? 'the hole is outside its outer ring'
            : undefined,
      );
      if (slow) crossing += 1;
      else if (!outside) inside += 1;
    }
    expect(crossing).toBeGreaterThan(2_000);
    expect(crossing).toBeLessThan(18_000);
    expect(inside).toBeGreaterThan(1_000);
  });
});

/** A comb: `teeth` teeth, each spanning the whole width (every edge shares its longitudes). */
function zigZag(teeth: number, west = 4.8, south = 45.7): number[][] {
  const width = 0.05;
  const step = 0.05 / teeth;
  const ring: number[][] = [];
  for (let t = 0; t < teeth; t++) {
    ring.push([west, south + t * step]);
    ring.push([west + width, south + t * step + step / 4]);
    ring.push([west + width, south + t * step + step / 2]);
    ring.push([west, south + t * step + (3 * step) / 4]);
  }
  ring.push([west - 0.01, south + 0.05], [west - 0.01, south]);
  return [...ring, ring[0]!];
}

/** The best of five runs, in ms (the first warms the JIT, as a running server's is; the
 * machine may be busy with other work). The checks take ≈ 40 ms where every pair of edges took
 * 1.3 s: the bound of 400 ms sits between, far from both. */
function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let k = 0; k < 5; k++) {
    const started = Date.now();
    run();
    best = Math.min(best, Date.now() - started);
  }
  return best;
}

describe('a zig-zag of 10,000 corners', () => {
  it("validates in a fraction of the pairwise checks' time, and its crossing is found as fast", () => {
    const ring = zigZag(2_499);
    expect(ring.length - 1).toBeGreaterThan(9_990);
    const valid: ZoneGeometry = { type: 'Polygon', coordinates: [ring] };
    expect(zoneGeometryErrors(valid)).toEqual([]);
    expect(fastest(() => zoneGeometryErrors(valid))).toBeLessThan(400);
    // one corner pulled across the teeth below it
    const broken = ring.map((p) => [...p]);
    broken[4_000]![0] = 4.8 + 0.06;
    broken[4_000]![1] = 45.7 + 0.001;
    const invalid: ZoneGeometry = { type: 'Polygon', coordinates: [broken] };
    expect(zoneGeometryErrors(invalid)[0]?.message).toMatch(/crosses itself/);
    expect(fastest(() => zoneGeometryErrors(invalid))).toBeLessThan(400);
  });

  it('with a zig-zag hole in a zig-zag ring: the hole checks are fast too', () => {
    const outer = zigZag(1_249);
    // the same comb, smaller, in the ring's solid west band
    const hole = zigZag(1_249).map(([x, y]) => [
      4.791 + (x! - 4.79) * 0.1,
      45.71 + (y! - 45.7) / 2,
    ]);
    const geometry: ZoneGeometry = { type: 'Polygon', coordinates: [outer, hole] };
    expect(zoneGeometryErrors(geometry)).toEqual([]);
    expect(fastest(() => zoneGeometryErrors(geometry))).toBeLessThan(400);
  });
});
