// Zone shapes for the zones' tests: a square polygon from its south-west corner; a square zone
// drawn through the API.
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
export const squareRing = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

/** A GeoJSON Polygon: the square of `size` degrees from (x, y). */
export const square = (x: number, y: number, size: number) => ({
  type: 'Polygon',
  coordinates: [squareRing(x, y, size)],
});

/** A zone of the square of `size` degrees from (x, y), drawn by `api`'s user (201): its id. */
export async function drawZone(
  api: ApiClient,
  name: string,
  type: string,
  [x, y, size]: [number, number, number],
  more: Record<string, unknown> = {},
): Promise<string> {
  const res = await api.post('zones', { name, type, geometry: square(x, y, size), ...more });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A comb of `teeth` teeth (4 corners each, + 3): every tooth spans the same longitudes — the
 * shape whose checks were quadratic before the sweep (ADR 0119). Six decimals, as a file has. */
export function zigZagRing(teeth: number, west: number, south: number) {
  const step = 0.5 / teeth;
  const ring: number[][] = [];
  for (let t = 0; t < teeth; t++) {
    const y = south + t * step;
    ring.push([west, y], [west + 0.05, y + step / 4], [west + 0.05, y + step / 2]);
    ring.push([west, y + (3 * step) / 4]);
  }
  ring.push([west - 0.01, south + 0.5], [west - 0.01, south]);
  return [...ring, ring[0]!].map(([x, y]) => [round(x!), round(y!)]);
}

/** A regular polygon of `corners` positions (the last repeating the first). */
export function circleRing(corners: number, lon: number, lat: number, radius: number) {
  const ring = Array.from({ length: corners - 1 }, (_, i) => {
    const a = (2 * Math.PI * i) / (corners - 1);
    return [round(lon + radius * Math.cos(a)), round(lat + radius * Math.sin(a))];
  });
  return [...ring, ring[0]!];
}
