// A trip's positions simplified to at most N points (the bike page's replay, ADR 0074, draws ≤ 500
// a trip). Douglas–Peucker ranked by importance: starting from the two ends, the point farthest
// from its current segment is kept next, until N points are kept or every dropped point lies on
// its segment. Distances are in a local equirectangular projection (longitude × cos latitude),
// true enough at a city's scale. Pure, O(n·N) at worst.
import type { TripPosition } from '@vfm/contract';

/** A dropped point closer than this to its segment (degrees, ~1 cm) changes nothing. */
const FLAT = 1e-7;

interface Segment {
  first: number;
  last: number;
  /** the farthest point strictly between first and last, and its distance */
  split: number;
  distance: number;
}

export function simplifyTrack(points: readonly TripPosition[], max: number): TripPosition[] {
  if (points.length <= max) return [...points];
  if (max < 2) return points.slice(0, Math.max(0, max));
  const scale = Math.cos((meanLatitude(points) * Math.PI) / 180);
  const x = (i: number) => points[i]![0] * scale;
  const y = (i: number) => points[i]![1];

  const segment = (first: number, last: number): Segment => {
    let split = -1;
    let distance = -1;
    const dx = x(last) - x(first);
    const dy = y(last) - y(first);
    const length = Math.hypot(dx, dy);
    for (let i = first + 1; i < last; i += 1) {
      const d =
        length === 0
          ? Math.hypot(x(i) - x(first), y(i) - y(first))
          : Math.abs(dy * (x(i) - x(first)) - dx * (y(i) - y(first))) / length;
      if (d > distance) {
        distance = d;
        split = i;
      }
    }
    return { first, last, split, distance };
  };

  const kept = new Set([0, points.length - 1]);
  const open = [segment(0, points.length - 1)];
  while (kept.size < max && open.length) {
    let best = 0;
    for (let i = 1; i < open.length; i += 1) if (open[i]!.distance > open[best]!.distance) best = i;
    const { first, last, split, distance } = open[best]!;
    if (split < 0 || distance <= FLAT) break;
    open.splice(best, 1);
    kept.add(split);
    for (const part of [segment(first, split), segment(split, last)]) {
      if (part.split >= 0) open.push(part);
    }
  }
  return [...kept].sort((a, b) => a - b).map((i) => points[i]!);
}

function meanLatitude(points: readonly TripPosition[]): number {
  let sum = 0;
  for (const point of points) sum += point[1];
  return sum / points.length;
}
