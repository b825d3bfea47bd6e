// The sweep behind the zones' crossing checks (ADR 0119): Shamos–Hoey. Segments are swept from
// west to east (points in (x, y) order, so a vertical segment is swept from its south end); the
// segments the sweep line meets are kept in their south-to-north order, and a pair is tested
// only when it becomes neighbours in that order: when one of them starts, or a segment between
// them ends. Before the first crossing the order never changes, so the westmost crossing pair
// is always tested — n log n whatever the shape (a zig-zag of 10,000 corners whose teeth all
// span the same longitudes made the old west-to-east scan compare every pair).
// The order is kept by orientation tests only (no slope, no division): exact on the small
// integers of the property tests, and as exact as the crossing tests themselves elsewhere.
/** A GeoJSON position: longitude, latitude. */
export type Position = number[];

export interface Segment {
  /** the segment's index among those swept (an edge's index in its ring) */
  i: number;
  /** the ring it comes from: only segments of different colours are tested in `crossing` mode */
  colour: number;
  /** west (then south) end, east (then north) end */
  l: Position;
  r: Position;
}

/** Is this pair wrong? Called for each pair that become neighbours in the sweep. */
export type PairTest = (a: Segment, b: Segment) => boolean;

export const orient = (o: Position, a: Position, b: Position) =>
  (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);

const before = (p: Position, q: Position) => p[0]! < q[0]! || (p[0] === q[0] && p[1]! < q[1]!);
const same = (p: Position, q: Position) => p[0] === q[0] && p[1] === q[1];

export function segment(i: number, colour: number, a: Position, b: Position): Segment {
  return before(b, a) ? { i, colour, l: b, r: a } : { i, colour, l: a, r: b };
}

/**
 * The first pair found wrong by `test`, else null. `touching`: what to do when a segment starts
 * on another one (its west end on the other's line, within it) — `'report'` tests that pair at
 * once (a ring's own edges may only meet at their shared corner), `'order'` places it by its
 * east end and goes on (two rings may touch; only a proper crossing is wrong).
 */
export function sweep(
  segments: Segment[],
  test: PairTest,
  touching: 'report' | 'order',
): [Segment, Segment] | null {
  // a segment of no length crosses nothing properly (a ring's own is its caller's to check)
  const swept = segments.filter((s) => !same(s.l, s.r));
  const order = new BlockList();
  let hit: Segment | null = null;
  // where a new segment t stands against a segment o of the order: north (1) or south (-1)
  const side = (o: Segment, t: Segment): number => {
    const d = orient(o.l, o.r, t.l);
    if (d !== 0) return d > 0 ? 1 : -1;
    if (touching === 'report' && !same(o.l, t.l) && test(o, t)) hit = o;
    const e = orient(o.l, o.r, t.r);
    if (e !== 0) return e > 0 ? 1 : -1;
    if (touching === 'report' && test(o, t)) hit = o;
    // on one line from here: any order is consistent, keep one
    return t.colour - o.colour || t.i - o.i;
  };
  const stop = () => hit !== null;
  for (const event of events(swept)) {
    const s = swept[event >> 1]!;
    if (!(event & 1)) {
      const [below, above] = order.remove(s);
      if (below && above && test(below, above)) return [below, above];
      continue;
    }
    const [below, above] = order.insert(s, side, stop);
    if (hit) return [hit, s];
    if (below && test(below, s)) return [below, s];
    if (above && test(s, above)) return [s, above];
  }
  return null;
}

/** The segments' ends in sweep order, each as 2 × index + (1 where it starts, 0 where it
 * ends); at one point the ends go first, so that a ring's corner (one edge ends where the next
 * starts) never holds both edges in the order at once. Plain numbers: no garbage. */
function events(segments: Segment[]): Int32Array {
  const n = segments.length;
  const xs = new Float64Array(2 * n);
  const ys = new Float64Array(2 * n);
  const list = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) {
    const { l, r } = segments[i]!;
    xs[2 * i] = r[0]!;
    ys[2 * i] = r[1]!;
    xs[2 * i + 1] = l[0]!;
    ys[2 * i + 1] = l[1]!;
    list[2 * i] = 2 * i;
    list[2 * i + 1] = 2 * i + 1;
  }
  return list.sort((e, f) => xs[e]! - xs[f]! || ys[e]! - ys[f]! || (e & 1) - (f & 1));
}

/**
 * Whether every point is inside the ring or on its edges, in one sweep (ADR 0119): at each
 * point, the ring's edges under it in the sweep's order are counted — an odd count is inside.
 * The same answer as testing each point by ray casting (pointInRing), without its n × m cost.
 * The ring must not cross itself (selfIntersection).
 */
export function everyPointInRing(points: Position[], ring: Position[]): boolean {
  const corners = new Set(ring.map(([x, y]) => `${x},${y}`));
  const events: Array<[Segment | Position, 0 | 1 | 2]> = []; // 0 ends, 1 a point, 2 starts
  for (let i = 0; i < ring.length - 1; i++) {
    const s = segment(i, 0, ring[i]!, ring[i + 1]!);
    if (!same(s.l, s.r)) events.push([s, 2], [s, 0]);
  }
  // a point on a corner is on the ring; the others are counted
  for (const p of points) if (!corners.has(`${p[0]},${p[1]}`)) events.push([p, 1]);
  const at = ([e, kind]: [Segment | Position, 0 | 1 | 2]) =>
    kind === 1 ? (e as Position) : kind === 2 ? (e as Segment).l : (e as Segment).r;
  events.sort((e, f) => {
    const p = at(e);
    const q = at(f);
    return p[0]! - q[0]! || p[1]! - q[1]! || e[1] - f[1];
  });
  const order = new BlockList();
  const side = (o: Segment, t: Segment) => {
    const d = orient(o.l, o.r, t.l);
    if (d !== 0) return d > 0 ? 1 : -1;
    const e = orient(o.l, o.r, t.r);
    return e !== 0 ? (e > 0 ? 1 : -1) : t.i - o.i;
  };
  for (const [e, kind] of events) {
    if (kind === 0) order.remove(e as Segment);
    else if (kind === 2) order.insert(e as Segment, side, () => false);
    else {
      const p = e as Position;
      const below = order.rank((o) => orient(o.l, o.r, p));
      if (below >= 0 && below % 2 === 0) return false; // -1: on an edge
    }
  }
  return true;
}

const BLOCK = 64;

/** The sweep's south-to-north order: a list of blocks of at most 2 × BLOCK segments (inserting
 * or removing costs a block and a scan of the blocks' ends, ~ √n). */
class BlockList {
  private blocks: Segment[][] = [];
  private readonly home = new Map<Segment, Segment[]>();

  /** Inserts t where `side` says; returns its neighbours (south, north). `stop`: a pair found. */
  insert(
    t: Segment,
    side: (o: Segment, t: Segment) => number,
    stop: () => boolean,
  ): [Segment | undefined, Segment | undefined] {
    // the first block whose last segment is north of t (a binary search on the blocks' ends)
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid]!;
      if (side(block[block.length - 1]!, t) > 0) lo = mid + 1;
      else hi = mid;
      if (stop()) return [undefined, undefined];
    }
    if (lo === this.blocks.length) {
      if (!lo || this.blocks[lo - 1]!.length >= 2 * BLOCK) this.blocks.push([]);
      lo = this.blocks.length - 1;
    }
    const block = this.blocks[lo]!;
    let a = 0;
    let b = block.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (side(block[mid]!, t) > 0) a = mid + 1;
      else b = mid;
      if (stop()) return [undefined, undefined];
    }
    block.splice(a, 0, t);
    this.home.set(t, block);
    const neighbours = this.around(lo, a);
    if (block.length > 2 * BLOCK) {
      const upper = block.splice(BLOCK);
      for (const s of upper) this.home.set(s, upper);
      this.blocks.splice(lo + 1, 0, upper);
    }
    return neighbours;
  }

  /** How many segments lie south of a point (`north(o)` > 0: the point is north of o), or -1
   * when the point lies on one of them (`north(o)` = 0). */
  rank(north: (o: Segment) => number): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid]!;
      const d = north(block[block.length - 1]!);
      if (d === 0) return -1;
      if (d > 0) lo = mid + 1;
      else hi = mid;
    }
    let count = 0;
    for (let b = 0; b < lo; b++) count += this.blocks[b]!.length;
    const block = this.blocks[lo];
    if (!block) return count;
    let a = 0;
    let b = block.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      const d = north(block[mid]!);
      if (d === 0) return -1;
      if (d > 0) a = mid + 1;
      else b = mid;
    }
    return count + a;
  }

  /** Removes s; returns the segments that were its neighbours (now each other's). */
  remove(s: Segment): [Segment | undefined, Segment | undefined] {
    const block = this.home.get(s)!;
    const b = this.blocks.indexOf(block);
    const index = block.indexOf(s);
    block.splice(index, 1);
    this.home.delete(s);
    if (!block.length) {
      this.blocks.splice(b, 1);
      const below = this.blocks[b - 1];
      return [below?.[below.length - 1], this.blocks[b]?.[0]];
    }
    const below = index > 0 ? block[index - 1] : this.blocks[b - 1]?.at(-1);
    const above = index < block.length ? block[index] : this.blocks[b + 1]?.[0];
    return [below, above];
  }

  /** The neighbours of the segment at (block, index). */
  private around(b: number, index: number): [Segment | undefined, Segment | undefined] {
    const block = this.blocks[b]!;
    const below = index > 0 ? block[index - 1] : this.blocks[b - 1]?.at(-1);
    const above = index + 1 < block.length ? block[index + 1] : this.blocks[b + 1]?.[0];
    return [below, above];
  }
}
