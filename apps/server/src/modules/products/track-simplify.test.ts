import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '@vfm/contract';
import { simplifyTrack } from './track-simplify';

const at = (i: number, lng: number, lat: number): TrackPoint => [lng, lat, 1_000 * i];

describe('simplifyTrack', () => {
  it('keeps a short track as it is', () => {
    const track = [at(0, 4.8, 45.7), at(1, 4.81, 45.71)];
    expect(simplifyTrack(track, 500)).toEqual(track);
  });

  it('keeps both ends and the corners, in order, within the limit', () => {
    // an L: 1,000 points east, then 1,000 north; the corner must survive
    const track: TrackPoint[] = [];
    for (let i = 0; i < 1000; i += 1) track.push(at(i, 4.8 + i * 1e-5, 45.7));
    for (let i = 0; i < 1000; i += 1) track.push(at(1000 + i, 4.81, 45.7 + i * 1e-5));
    const simple = simplifyTrack(track, 500);
    expect(simple.length).toBe(500);
    expect(simple[0]).toEqual(track[0]);
    expect(simple.at(-1)).toEqual(track.at(-1));
    expect(simple).toContainEqual(track[1000]);
    const times = simple.map((p) => p[2]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('cuts a noisy track to the limit, the largest deviations first', () => {
    const track: TrackPoint[] = [];
    for (let i = 0; i < 5000; i += 1) track.push(at(i, 4.8 + i * 1e-5, 45.7 + (i % 7) * 1e-6));
    track[2500] = at(2500, 4.825, 45.75); // one big detour
    const simple = simplifyTrack(track, 50);
    expect(simple).toHaveLength(50);
    expect(simple).toContainEqual(track[2500]);
  });
});
