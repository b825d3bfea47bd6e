// The crossing checks as they were before the sweep (ADR 0119), kept for the property tests
// only: the sweep (segment-sweep.ts) must find a crossing exactly when these do. Quadratic on
// shapes whose edges share longitudes (a zig-zag): never call them on a request.
import type { Position, Ring } from './zone-geometry';

const cross = (o: Position, a: Position, b: Position) =>
  (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);

const properCrossing = (d1: number, d2: number, d3: number, d4: number) =>
  ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));

const within = (p: Position, a: Position, b: Position) =>
  Math.min(a[0]!, b[0]!) <= p[0]! &&
  p[0]! <= Math.max(a[0]!, b[0]!) &&
  Math.min(a[1]!, b[1]!) <= p[1]! &&
  p[1]! <= Math.max(a[1]!, b[1]!);

const same = (p: Position, q: Position) => p[0] === q[0] && p[1] === q[1];

function overlapLength(a: Position, b: Position, c: Position, d: Position): boolean {
  const shared = same(a, c) || same(a, d) ? a : b;
  const other1 = shared === a ? b : a;
  const other2 = same(c, shared) ? d : c;
  const dot =
    (other1[0]! - shared[0]!) * (other2[0]! - shared[0]!) +
    (other1[1]! - shared[1]!) * (other2[1]! - shared[1]!);
  return dot > 0;
}

export function referenceEdgesCross(ring: Ring, i: number, j: number, adjacent: boolean) {
  const [a, b, c, d] = [ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!];
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (adjacent) return d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0 && overlapLength(a, b, c, d);
  if (properCrossing(d1, d2, d3, d4)) return true;
  return (
    (d1 === 0 && within(a, c, d)) ||
    (d2 === 0 && within(b, c, d)) ||
    (d3 === 0 && within(c, a, b)) ||
    (d4 === 0 && within(d, a, b))
  );
}

/** Every pair of edges tested: the first crossing pair, else null. */
export function referenceSelfIntersection(ring: Ring): [number, number] | null {
  const n = ring.length - 1;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const adjacent = j - i === 1 || j - i === n - 1;
      if (referenceEdgesCross(ring, i, j, adjacent)) return [i, j];
    }
  return null;
}

/** Whether an edge of one ring properly crosses an edge of the other, every pair tested. */
export function referenceRingsCross(a: Ring, b: Ring): boolean {
  for (let i = 0; i < a.length - 1; i++)
    for (let j = 0; j < b.length - 1; j++) {
      const [p, q, r, s] = [a[i]!, a[i + 1]!, b[j]!, b[j + 1]!];
      if (properCrossing(cross(r, s, p), cross(r, s, q), cross(p, q, r), cross(p, q, s)))
        return true;
    }
  return false;
}
