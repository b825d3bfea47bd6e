// A zone's geometry made ready for the ingest (ADR 0119): "is this position in the zone?"
// answered in log n of its corners, not n. Each ring of more than a few dozen corners keeps a
// packed R-tree (flatbush) of its edges; a position is tested only against the edges that a ray
// from it to the east can meet — the same answer as pointInGeometry's ray casting over every
// edge (contract zone-geometry.ts), since an edge the ray cannot meet neither counts as a
// crossing nor holds the position.
import Flatbush from 'flatbush';
import { pointInRing, polygonsOf, type Ring, type ZoneGeometry } from '@vfm/contract';

/** Rings up to this many corners are tested edge by edge (an index would not pay). */
const PLAIN_RING_MAX = 64;
/** Widens the search westwards by far less than a centimetre: an edge ending exactly at the
 * position, whose crossing rounding could put a hair east of it, is still among those tested. */
const SLACK = 1e-9;

interface PreparedRing {
  /** inside or on an edge (pointInRing) */
  holds(lon: number, lat: number): boolean;
  /** on an edge */
  touches(lon: number, lat: number): boolean;
}

function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number) {
  if ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) !== 0) return false;
  return (
    Math.min(x1, x2) <= x && x <= Math.max(x1, x2) && Math.min(y1, y2) <= y && y <= Math.max(y1, y2)
  );
}

function plainRing(ring: Ring): PreparedRing {
  return {
    holds: (lon, lat) => pointInRing(lon, lat, ring),
    touches: (lon, lat) => {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
        if (onSegment(lon, lat, ring[i]![0]!, ring[i]![1]!, ring[j]![0]!, ring[j]![1]!))
          return true;
      return false;
    },
  };
}

/** A ring's corners in one typed array (x0, y0, x1, y1, …): a long-lived index holds no array
 * per corner for the garbage collector to walk again and again (ADR 0141). */
function packRing(ring: Ring): Float64Array {
  const packed = new Float64Array(ring.length * 2);
  for (let i = 0; i < ring.length; i++) {
    packed[2 * i] = ring[i]![0]!;
    packed[2 * i + 1] = ring[i]![1]!;
  }
  return packed;
}

function indexedRing(xy: Float64Array): PreparedRing {
  // edge i: corner i - 1 → corner i (as pointInRing walks them), i ≥ 1; the closing position
  // repeats the first, so these are all the edges
  const corners = xy.length / 2;
  const index = new Flatbush(corners - 1);
  let east = -Infinity;
  for (let i = 1; i < corners; i++) {
    const x1 = xy[2 * i - 2]!;
    const y1 = xy[2 * i - 1]!;
    const x2 = xy[2 * i]!;
    const y2 = xy[2 * i + 1]!;
    index.add(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
    east = Math.max(east, x1, x2);
  }
  index.finish();
  const edgesEastOf = (lon: number, lat: number) => index.search(lon - SLACK, lat, east, lat);
  return {
    holds(lon, lat) {
      let inside = false;
      for (const e of edgesEastOf(lon, lat)) {
        const xj = xy[2 * e]!;
        const yj = xy[2 * e + 1]!;
        const xi = xy[2 * e + 2]!;
        const yi = xy[2 * e + 3]!;
        if (onSegment(lon, lat, xi, yi, xj, yj)) return true;
        if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi)
          inside = !inside;
      }
      return inside;
    },
    touches(lon, lat) {
      for (const e of edgesEastOf(lon, lat)) {
        if (onSegment(lon, lat, xy[2 * e + 2]!, xy[2 * e + 3]!, xy[2 * e]!, xy[2 * e + 1]!))
          return true;
      }
      return false;
    },
  };
}

/** A big ring's index is built on its first test (ADR 0125): a zone no position reaches (its
 * box holds none of the fleet's bikes) costs nothing but its box and its packed corners. */
function lazyRing(ring: Ring): PreparedRing {
  const xy = packRing(ring);
  let built: PreparedRing | null = null;
  const index = () => (built ??= indexedRing(xy));
  return {
    holds: (lon, lat) => index().holds(lon, lat),
    touches: (lon, lat) => index().touches(lon, lat),
  };
}

const prepareRing = (ring: Ring) =>
  ring.length <= PLAIN_RING_MAX ? plainRing(ring) : lazyRing(ring);

/** Whether a position is in the geometry, as pointInGeometry answers: in the outer ring of
 * one of its polygons (its edges included) and in none of that polygon's holes (a hole's edges
 * stay in the zone). */
export function prepareGeometry(geometry: ZoneGeometry): (lon: number, lat: number) => boolean {
  const polygons = polygonsOf(geometry).map(([outer, ...holes]) => ({
    outer: outer ? prepareRing(outer) : null,
    holes: holes.map(prepareRing),
  }));
  return (lon, lat) => {
    for (const { outer, holes } of polygons) {
      if (!outer || !outer.holds(lon, lat)) continue;
      if (!holes.some((hole) => hole.holds(lon, lat) && !hole.touches(lon, lat))) return true;
    }
    return false;
  };
}
