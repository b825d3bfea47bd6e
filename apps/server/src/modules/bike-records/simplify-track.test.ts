import type { TripPosition } from '@vfm/contract';
import { describe, expect, it } from 'vitest';
import { simplifyTrack } from './simplify-track';

const at = (i: number, lng: number, lat: number): TripPosition => [lng, lat, 1_000 * i];

describe('simplifyTrack', () => {
  it('keeps a track that is short enough as it is', () => {
    const track = [at(0, 4.8, 45.7), at(1, 4.81, 45.7), at(2, 4.81, 45.71)];
    expect(simplifyTrack(track, 500)).toEqual(track);
  });

  it('keeps both ends and the corners of a long track, at most max points, in time order', () => {
    // 3,001 points: east along a street, a corner, then north
    const track: TripPosition[] = [];
    for (let i = 0; i <= 1500; i += 1) track.push(at(i, 4.8 + i * 1e-5, 45.7));
    for (let i = 1; i <= 1500; i += 1) track.push(at(1500 + i, 4.815, 45.7 + i * 1e-5));
    const simplified = simplifyTrack(track, 500);
    expect(simplified.length).toBeLessThanOrEqual(500);
    expect(simplified[0]).toEqual(track[0]);
    expect(simplified.at(-1)).toEqual(track.at(-1));
    expect(simplified).toContainEqual(track[1500]);
    // straight lines need no more than their ends
    expect(simplified).toHaveLength(3);
    const times = simplified.map((p) => p[2]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('keeps the farthest deviations first when the limit bites', () => {
    // a zigzag of 2,000 points whose amplitude grows: the largest teeth survive
    const track = Array.from({ length: 2000 }, (_, i) =>
      at(i, 4.8 + i * 1e-4, 45.7 + (i % 2 ? 1 : -1) * i * 1e-7),
    );
    const simplified = simplifyTrack(track, 500);
    expect(simplified).toHaveLength(500);
    expect(simplified).toContainEqual(track[1998]);
    expect(simplified).toContainEqual(track[1999]);
  });

  it('handles a bike that did not move (every point at one place)', () => {
    const track = Array.from({ length: 800 }, (_, i) => at(i, 4.8, 45.7));
    expect(simplifyTrack(track, 500)).toEqual([track[0], track[799]]);
  });
});
