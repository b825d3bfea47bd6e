// The zones as the map draws them (ADR 0119): the corners that matter least on a map dropped
// first (Visvalingam–Whyatt: the corner whose triangle with its neighbours has the smallest
// area), while that area is below what the map shows at street level or the zone still has more
// than ZONE_MAP_VERTICES_MAX corners. n log n (a heap), whatever the shape. `GET zones` answers
// these (light for every open map of the fleet), `GET zones/{id}` the whole geometry (the
// editor's; the placement always uses the whole one). A simplified ring keeps 3 points at least;
// it may touch or cross another one: it is drawn, never checked nor enforced.
import type { ZoneGeometry } from './zones';
import type { Ring } from './zone-geometry';

/** About a metre: below a pixel of the map up to zoom 17. */
export const ZONE_MAP_TOLERANCE_DEGREES = 0.00001;
/** A zone's corners at most on the map (its rings together, closing positions included). */
export const ZONE_MAP_VERTICES_MAX = 500;

/** The geometry as the map draws it: the same object when there is nothing to drop. */
export function mapGeometry(geometry: ZoneGeometry): ZoneGeometry {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const rings = polygons.flat();
  const kept = simplifyRings(rings, ZONE_MAP_TOLERANCE_DEGREES ** 2, ZONE_MAP_VERTICES_MAX);
  if (!kept) return geometry;
  let r = 0;
  const simplified = polygons.map((polygon) => polygon.map(() => kept[r++]!));
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: simplified[0]! }
    : { type: 'MultiPolygon', coordinates: simplified };
}

/**
 * The rings with their least significant corners dropped while a corner's triangle is smaller
 * than `area` (degrees²) or the corners are more than `max`; null when none is dropped.
 */
export function simplifyRings(rings: Ring[], area: number, max: number): Ring[] | null {
  // corners of all rings in one list (the closing positions left out), each ring a cycle
  const x: number[] = [];
  const y: number[] = [];
  const prev: number[] = [];
  const next: number[] = [];
  const ringOf: number[] = [];
  const left: number[] = []; // corners still in each ring
  rings.forEach((ring, r) => {
    const start = x.length;
    const n = ring.length - 1;
    for (let i = 0; i < n; i++) {
      x.push(ring[i]![0]!);
      y.push(ring[i]![1]!);
      prev.push(start + ((i + n - 1) % n));
      next.push(start + ((i + 1) % n));
      ringOf.push(r);
    }
    left.push(n);
  });
  const weight = (i: number) =>
    Math.abs(
      (x[prev[i]!]! - x[i]!) * (y[next[i]!]! - y[i]!) -
        (x[next[i]!]! - x[i]!) * (y[prev[i]!]! - y[i]!),
    ) / 2;
  const heap = new MinHeap(x.length);
  for (let i = 0; i < x.length; i++) heap.set(i, weight(i));
  let total = rings.reduce((sum, ring) => sum + ring.length, 0);
  const removed = new Uint8Array(x.length);
  let any = false;
  while (heap.size) {
    const i = heap.peek();
    if (heap.weightOf(i) >= area && total <= max) break;
    heap.remove(i);
    if (left[ringOf[i]!]! <= 3) continue; // a ring keeps 3 corners
    removed[i] = 1;
    any = true;
    left[ringOf[i]!]! -= 1;
    total -= 1;
    const [p, q] = [prev[i]!, next[i]!];
    next[p] = q;
    prev[q] = p;
    // a neighbour's triangle never counts as less than the corner just dropped (the order of
    // the drops stays the order of importance)
    const dropped = heap.weightOf(i);
    for (const j of [p, q]) if (heap.has(j)) heap.set(j, Math.max(weight(j), dropped));
  }
  if (!any) return null;
  let start = 0;
  return rings.map((ring) => {
    const n = ring.length - 1;
    const kept = ring.slice(0, n).filter((_, i) => !removed[start + i]);
    start += n;
    return [...kept, kept[0]!];
  });
}

/** A binary min-heap of indexes by weight, with its weights changeable. */
class MinHeap {
  private readonly heap: number[] = [];
  private readonly at: Int32Array;
  private readonly weights: Float64Array;

  constructor(n: number) {
    this.at = new Int32Array(n).fill(-1);
    this.weights = new Float64Array(n);
  }

  get size() {
    return this.heap.length;
  }
  peek() {
    return this.heap[0]!;
  }
  has(i: number) {
    return this.at[i]! >= 0;
  }
  weightOf(i: number) {
    return this.weights[i]!;
  }

  set(i: number, weight: number) {
    this.weights[i] = weight;
    if (this.at[i]! < 0) {
      this.at[i] = this.heap.length;
      this.heap.push(i);
    }
    this.up(this.at[i]!);
    this.down(this.at[i]!);
  }

  remove(i: number) {
    const k = this.at[i]!;
    const last = this.heap.pop()!;
    this.at[i] = -1;
    if (last === i) return;
    this.heap[k] = last;
    this.at[last] = k;
    this.up(k);
    this.down(this.at[last]!);
  }

  private less(a: number, b: number) {
    return this.weights[this.heap[a]!]! < this.weights[this.heap[b]!]!;
  }
  private swap(a: number, b: number) {
    const [i, j] = [this.heap[a]!, this.heap[b]!];
    this.heap[a] = j;
    this.heap[b] = i;
    this.at[j] = a;
    this.at[i] = b;
  }
  private up(k: number) {
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!this.less(k, parent)) return;
      this.swap(k, parent);
      k = parent;
    }
  }
  private down(k: number) {
    for (;;) {
      const l = 2 * k + 1;
      let smallest = k;
      if (l < this.heap.length && this.less(l, smallest)) smallest = l;
      if (l + 1 < this.heap.length && this.less(l + 1, smallest)) smallest = l + 1;
      if (smallest === k) return;
      this.swap(k, smallest);
      k = smallest;
    }
  }
}
