// The geometry of zones (ADR 0084), in plain TypeScript — no PostGIS: the database
// keeps the GeoJSON and its bounding box, and these functions do the rest on the server (the
// API's checks, the zones a bike is in) and in the browser (a GeoJSON file checked before it
// is sent). Coordinates are [longitude, latitude] (RFC 7946).
import type { ZoneActiveHours, ZoneGeometry } from './zones';
import { WEEKDAYS, ZONE_VERTICES_MAX } from './zones';
import { everyPointInRing, segment, sweep, type Position, type Segment } from './segment-sweep';

export type { Position } from './segment-sweep';
export type Ring = Position[];
export type PolygonRings = Ring[];

export interface GeometryError {
  /** a JSON path under the geometry, e.g. `coordinates/0/2` */
  field: string;
  message: string;
}

export const polygonsOf = (geometry: ZoneGeometry): PolygonRings[] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

export function vertexCount(geometry: ZoneGeometry): number {
  let count = 0;
  for (const polygon of polygonsOf(geometry)) for (const ring of polygon) count += ring.length;
  return count;
}

/** [west, south, east, north] */
export type BBox = [number, number, number, number];

export function bboxOf(geometry: ZoneGeometry): BBox {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const polygon of polygonsOf(geometry))
    for (const [lon, lat] of polygon[0] ?? []) {
      if (lon! < west) west = lon!;
      if (lon! > east) east = lon!;
      if (lat! < south) south = lat!;
      if (lat! > north) north = lat!;
    }
  return [west, south, east, north];
}

/**
 * What is wrong with a (schema-valid) geometry, in words, at most `limit` problems: positions
 * out of range, rings that are not closed or have fewer than 4 positions (3 distinct points),
 * too many vertices, a ring that crosses itself. Empty: the geometry is a valid zone.
 */
export function zoneGeometryErrors(geometry: ZoneGeometry, limit = 10): GeometryError[] {
  const errors: GeometryError[] = [];
  const total = vertexCount(geometry);
  if (total > ZONE_VERTICES_MAX) {
    return [
      {
        field: 'coordinates',
        message: `has ${total} vertices, more than the ${ZONE_VERTICES_MAX} allowed`,
      },
    ];
  }
  const multi = geometry.type === 'MultiPolygon';
  polygonsOf(geometry).forEach((polygon, p) => {
    polygon.forEach((ring, r) => {
      if (errors.length >= limit) return;
      const field = multi ? `coordinates/${p}/${r}` : `coordinates/${r}`;
      const message = ringError(ring);
      if (message) errors.push({ field, message });
    });
  });
  if (!errors.length) errors.push(...layoutErrors(polygonsOf(geometry), multi));
  return errors.slice(0, limit);
}

/**
 * Rings that are each valid but do not make one shape: a hole that crosses its outer ring or
 * lies outside it, two holes that cross, two polygons of a MultiPolygon that cross or lie one in
 * the other (a part inside another part's hole is fine).
 */
function layoutErrors(polygons: PolygonRings[], multi: boolean): GeometryError[] {
  const at = (p: number, r: number) => (multi ? `coordinates/${p}/${r}` : `coordinates/${r}`);
  for (const [p, [outer, ...holes]] of polygons.entries()) {
    if (!outer) continue;
    for (const [h, hole] of holes.entries()) {
      if (ringsCross(outer, hole))
        return [{ field: at(p, h + 1), message: 'the hole crosses its outer ring' }];
      if (!everyPointInRing(hole, outer))
        return [{ field: at(p, h + 1), message: 'the hole is outside its outer ring' }];
      for (let k = 0; k < h; k++)
        if (ringsCross(holes[k]!, hole))
          return [{ field: at(p, h + 1), message: `the hole crosses hole ${k + 1}` }];
    }
  }
  for (let p = 1; p < polygons.length; p++)
    for (let q = 0; q < p; q++) {
      const a = polygons[q]!;
      const b = polygons[p]!;
      if (!boxesMeet(ringBox(a[0]!), ringBox(b[0]!))) continue; // apart: neither crosses nor holds
      const overlap =
        ringsCross(a[0]!, b[0]!) || inPolygon(b[0]![0]!, a) || inPolygon(a[0]![0]!, b);
      if (overlap) return [{ field: `coordinates/${p}`, message: `overlaps polygon ${q}` }];
    }
  return [];
}

/** Strictly inside a polygon: in its outer ring, off its edges, in none of its holes. */
function inPolygon([x, y]: Position, [outer, ...holes]: PolygonRings): boolean {
  if (!outer || !pointInRing(x!, y!, outer) || onRingEdge(x!, y!, outer)) return false;
  return !holes.some((hole) => pointInRing(x!, y!, hole));
}

/** Whether an edge of one ring crosses an edge of the other (a proper crossing: rings that
 * touch at a point or along an edge are left alone), by the sweep of segment-sweep.ts: the
 * edges of both rings in one south-to-north order, a pair of different rings tested as it
 * becomes neighbours. Rings whose boxes are apart are not swept. */
function ringsCross(a: Ring, b: Ring): boolean {
  if (!boxesMeet(ringBox(a), ringBox(b))) return false;
  const segments: Segment[] = [];
  for (let i = 0; i < a.length - 1; i++) segments.push(segment(i, 0, a[i]!, a[i + 1]!));
  for (let j = 0; j < b.length - 1; j++) segments.push(segment(j, 1, b[j]!, b[j + 1]!));
  const rings = [a, b];
  const test = (s: Segment, t: Segment) =>
    s.colour !== t.colour && segmentsCross(rings[s.colour]!, s.i, rings[t.colour]!, t.i);
  return sweep(segments, test, 'order') !== null;
}

function ringBox(ring: Ring): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    if (x! < box[0]) box[0] = x!;
    if (x! > box[2]) box[2] = x!;
    if (y! < box[1]) box[1] = y!;
    if (y! > box[3]) box[3] = y!;
  }
  return box;
}

const boxesMeet = (a: BBox, b: BBox) =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

function segmentsCross(r: Ring, i: number, s: Ring, j: number): boolean {
  const [a, b, c, d] = [r[i]!, r[i + 1]!, s[j]!, s[j + 1]!];
  return properCrossing(cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d));
}

/** Each segment's ends strictly on both sides of the other (the orientations d1…d4). */
const properCrossing = (d1: number, d2: number, d3: number, d4: number) =>
  ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));

function ringError(ring: Ring): string | null {
  for (let i = 0; i < ring.length; i++) {
    const [lon, lat] = ring[i]!;
    if (!Number.isFinite(lon) || lon! < -180 || lon! > 180)
      return `position ${i}: longitude ${lon} is outside -180..180`;
    if (!Number.isFinite(lat) || lat! < -90 || lat! > 90)
      return `position ${i}: latitude ${lat} is outside -90..90`;
  }
  if (ring.length < 4)
    return `a ring needs at least 4 positions (3 points and the first again), it has ${ring.length}`;
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1])
    return 'the ring is not closed: its last position must repeat its first';
  if (new Set(ring.slice(0, -1).map(([x, y]) => `${x},${y}`)).size < 3)
    return 'a ring needs at least 3 distinct points';
  const crossing = selfIntersection(ring);
  if (crossing) return `the ring crosses itself (edges ${crossing[0]} and ${crossing[1]})`;
  return null;
}

/**
 * Two edges of the ring that cross, touch or overlap, as their indexes, else null; neighbours
 * may only share their corner (folding back onto each other is a crossing). In n log n
 * (ADR 0119): the corners met twice and the neighbours are checked in one pass each, the rest
 * by the sweep of segment-sweep.ts.
 */
export function selfIntersection(ring: Ring): [number, number] | null {
  const n = ring.length - 1; // edges i: ring[i] → ring[i + 1]
  const pair = (i: number, j: number): [number, number] => (i < j ? [i, j] : [j, i]);
  const adjacent = (i: number, j: number) => Math.abs(i - j) === 1 || Math.abs(i - j) === n - 1;
  // a corner met twice: the edges leaving it touch (a corner repeated at once is an edge of
  // no length, whose neighbours touch)
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = `${ring[i]![0]},${ring[i]![1]}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, i);
      continue;
    }
    // the edge of no length, between the two: its neighbours; else the edges leaving each
    const empty = i === first + 1 ? first : n - 1;
    const [j, k] = adjacent(first, i) ? [(empty + n - 1) % n, (empty + 1) % n] : [first, i];
    if (j !== k && edgesCross(ring, j, k, adjacent(j, k))) return pair(j, k);
  }
  // neighbours folding back onto each other
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    if (i !== j && edgesCross(ring, i, j, true)) return pair(i, j);
  }
  const segments = Array.from({ length: n }, (_, i) => segment(i, 0, ring[i]!, ring[i + 1]!));
  const test = (s: Segment, t: Segment) => !adjacent(s.i, t.i) && edgesCross(ring, s.i, t.i, false);
  const found = sweep(segments, test, 'report');
  return found && pair(found[0].i, found[1].i);
}

const cross = (o: Position, a: Position, b: Position) =>
  (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);

const within = (p: Position, a: Position, b: Position) =>
  Math.min(a[0]!, b[0]!) <= p[0]! &&
  p[0]! <= Math.max(a[0]!, b[0]!) &&
  Math.min(a[1]!, b[1]!) <= p[1]! &&
  p[1]! <= Math.max(a[1]!, b[1]!);

function edgesCross(ring: Ring, i: number, j: number, adjacent: boolean): boolean {
  const a = ring[i]!;
  const b = ring[i + 1]!;
  const c = ring[j]!;
  const d = ring[j + 1]!;
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (adjacent) {
    // neighbours share a vertex: they only go wrong by folding back onto each other
    return d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0 && overlapLength(a, b, c, d);
  }
  if (properCrossing(d1, d2, d3, d4)) return true;
  return (
    (d1 === 0 && within(a, c, d)) ||
    (d2 === 0 && within(b, c, d)) ||
    (d3 === 0 && within(c, a, b)) ||
    (d4 === 0 && within(d, a, b))
  );
}

/** Two collinear edges sharing a vertex overlap when they go the same way from it. */
function overlapLength(a: Position, b: Position, c: Position, d: Position): boolean {
  const shared = same(a, c) || same(a, d) ? a : b;
  const other1 = shared === a ? b : a;
  const other2 = same(c, shared) ? d : c;
  const dot =
    (other1[0]! - shared[0]!) * (other2[0]! - shared[0]!) +
    (other1[1]! - shared[1]!) * (other2[1]! - shared[1]!);
  return dot > 0;
}

const same = (p: Position, q: Position) => p[0] === q[0] && p[1] === q[1];

// ---- point in polygon ----------------------------------------------------------------------

/** Ray casting (even-odd) on one ring; a point on an edge counts as inside. */
export function pointInRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (onSegment(lon, lat, xi, yi, xj, yj)) return true;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number) {
  if ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) !== 0) return false;
  return (
    Math.min(x1, x2) <= x && x <= Math.max(x1, x2) && Math.min(y1, y2) <= y && y <= Math.max(y1, y2)
  );
}

/** Inside the outer ring of one of the polygons and in none of its holes. */
export function pointInGeometry(lon: number, lat: number, geometry: ZoneGeometry): boolean {
  for (const [outer, ...holes] of polygonsOf(geometry)) {
    if (!outer || !pointInRing(lon, lat, outer)) continue;
    if (!holes.some((hole) => pointInRing(lon, lat, hole) && !onRingEdge(lon, lat, hole)))
      return true;
  }
  return false;
}

function onRingEdge(lon: number, lat: number, ring: Ring) {
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    if (onSegment(lon, lat, ring[i]![0]!, ring[i]![1]!, ring[j]![0]!, ring[j]![1]!)) return true;
  return false;
}

export const bboxContains = (bbox: BBox, lon: number, lat: number) =>
  lon >= bbox[0] && lon <= bbox[2] && lat >= bbox[1] && lat <= bbox[3];

// ---- active hours --------------------------------------------------------------------------

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a zone with these hours applies at `at` (null hours: always). */
export function isZoneActive(hours: ZoneActiveHours | null, at: Date): boolean {
  if (!hours) return true;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: hours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = part('weekday').toUpperCase().slice(0, 3);
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  const days = new Set<string>(hours.days);
  if (from <= to) return days.has(day) && minute >= from && minute < to;
  // over midnight: the evening belongs to its day, the small hours to the day before
  const previous = WEEKDAYS[(WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]) + 6) % 7]!;
  return (days.has(day) && minute >= from) || (days.has(previous) && minute < to);
}

/** Whether the time zone name is one this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
