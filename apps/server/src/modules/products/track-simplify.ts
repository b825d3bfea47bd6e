// A trip's track cut down to at most N points for the map (issue "bike page" §7): Douglas–
// Peucker run once to rank every point by how far it lies from the line of its neighbours kept
// before it; the N - 2 highest ranks and both ends are kept, in order. Same shape as DP at the
// tolerance that leaves N points, without searching for that tolerance. Distances are planar
// on longitude scaled by cos(latitude): exact enough at the scale of a ride.
import type { TrackPoint } from '@vfm/contract';

function distanceToSegment(p: TrackPoint, a: TrackPoint, b: TrackPoint, kx: number): number {
  const ax = a[0] * kx;
  const ay = a[1];
  const dx = b[0] * kx - ax;
  const dy = b[1] - ay;
  const px = p[0] * kx - ax;
  const py = p[1] - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
  const ex = px - t * dx;
  const ey = py - t * dy;
  return Math.sqrt(ex * ex + ey * ey);
}

export function simplifyTrack(points: readonly TrackPoint[], maxPoints: number): TrackPoint[] {
  if (points.length <= maxPoints) return [...points];
  if (maxPoints < 2) return points.length ? [points[0]!] : [];
  const kx = Math.cos(((points[0]![1] ?? 0) * Math.PI) / 180);
  const rank = new Float64Array(points.length);
  rank[0] = Infinity;
  rank[points.length - 1] = Infinity;
  // [first, last, the rank of the point that split them]: a point never outranks its parent
  const stack: Array<[number, number, number]> = [[0, points.length - 1, Infinity]];
  while (stack.length) {
    const [first, last, cap] = stack.pop()!;
    let farthest = -1;
    let distance = -1;
    for (let i = first + 1; i < last; i += 1) {
      const d = distanceToSegment(points[i]!, points[first]!, points[last]!, kx);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    const value = Math.min(distance, cap);
    rank[farthest] = value;
    stack.push([first, farthest, value], [farthest, last, value]);
  }
  const kept = [...rank.keys()]
    .sort((a, b) => rank[b]! - rank[a]! || a - b)
    .slice(0, maxPoints)
    .sort((a, b) => a - b);
  return kept.map((index) => points[index]!);
}
