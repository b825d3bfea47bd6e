// The simulator's demand model (ADR 0128, docs/rebalancing.md): where and when riders want a
// bike, so that the demo fleet drifts out of balance the way real ones do and the forecast's
// accuracy can be measured against a known truth. Hot spots — the railway stations, the campus,
// the centre — each with its own hourly shape (stations: commute peaks both ways; campus: late
// morning to evening on weekdays, quiet at weekends; centre: afternoon and evening, busier on
// Saturdays), a weekday factor, and a city-wide level per day that persists (the weather).
// Rides leave from where the bikes are and go mostly towards the spots that attract at that
// hour: mornings to the campus and the centre, evenings back to the stations. Pure.
import { CITY, STATIONS, distanceKm, routeBetween, type Point, type Route } from './city';
import { createRng, hashString, pick, poisson, type Rng } from './random';

export type HotSpotKind = 'station' | 'campus' | 'centre';

export interface HotSpot {
  name: string;
  kind: HotSpotKind;
  at: Point;
  /** expected trip starts per hour at the spot's peak */
  peak: number;
}

const offset = (north: number, east: number): Point => ({
  lat: Math.round((CITY.center.lat + north * CITY.stepLat) * 1e6) / 1e6,
  lon: Math.round((CITY.center.lon + east * CITY.stepLon) * 1e6) / 1e6,
});

export const HOT_SPOTS: readonly HotSpot[] = [
  { name: 'Part-Dieu station', kind: 'station', at: offset(0, 8), peak: 6 },
  { name: 'Perrache station', kind: 'station', at: offset(-12, -2), peak: 4 },
  { name: 'Campus', kind: 'campus', at: offset(-14, 10), peak: 5 },
  { name: 'Centre', kind: 'centre', at: offset(2, 0), peak: 5 },
  { name: 'Old town', kind: 'centre', at: offset(3, -8), peak: 3 },
];

const bump = (hour: number, at: number, width: number) => Math.exp(-((hour - at) ** 2) / width);

/** the share of its peak a kind of spot sees at this hour (0–1) on a weekday or a weekend */
export function shape(kind: HotSpotKind, hour: number, weekend: boolean): number {
  const night = 0.03;
  if (kind === 'station')
    return weekend
      ? night + 0.4 * bump(hour, 11, 8) + 0.45 * bump(hour, 18, 8)
      : night + bump(hour, 8, 1.5) + 0.9 * bump(hour, 18, 2);
  if (kind === 'campus')
    return weekend
      ? night + 0.15 * bump(hour, 14, 10)
      : night + 0.6 * bump(hour, 12, 3) + bump(hour, 17, 3);
  return night + (weekend ? 1 : 0.7) * bump(hour, 15, 10) + 0.6 * bump(hour, 21, 4);
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The city-wide level of a day (0.5–1.4): yesterday's, pulled towards a fresh draw. */
export function dayLevel(ms: number, seed = 0): number {
  const day = Math.floor(ms / DAY_MS);
  let level = 1;
  // the weather of the last three weeks settles it (deterministic per day)
  for (let d = day - 21; d <= day; d++) {
    const draw = createRng(hashString(`weather:${seed}:${d}`))();
    level = 0.6 * level + 0.4 * (0.5 + 0.9 * draw);
  }
  return level;
}

/** The truth: expected trip starts at a spot in the hour starting at `ms` (UTC). */
export function expectedStarts(spot: HotSpot, ms: number, seed = 0): number {
  const date = new Date(ms);
  const weekend = [0, 6].includes(date.getUTCDay());
  return spot.peak * shape(spot.kind, date.getUTCHours(), weekend) * dayLevel(ms, seed);
}

/** The truth exported: expected starts per spot and hour over [from, from + hours h). */
export function demandTruth(from: number, hours: number, seed = 0) {
  const start = Math.floor(from / HOUR_MS) * HOUR_MS;
  return HOT_SPOTS.map((spot) => ({
    name: spot.name,
    kind: spot.kind,
    at: spot.at,
    hourly: Array.from({ length: hours }, (_, h) =>
      expectedStarts(spot, start + h * HOUR_MS, seed),
    ),
  }));
}

/** Trip starts drawn from the truth (Poisson per spot and hour): what a fleet would record. */
export function sampleStarts(from: number, hours: number, seed = 0) {
  const rng = createRng(hashString(`starts:${seed}:${from}`));
  return demandTruth(from, hours, seed).map((spot) => ({
    ...spot,
    counts: spot.hourly.map((rate) => poisson(rng, rate)),
  }));
}

/** where rides go at this hour: the spots that attract then, weighted */
export function attraction(spot: HotSpot, hour: number, weekend: boolean): number {
  if (spot.kind === 'station') return hour >= 15 ? 3 : 0.6;
  if (spot.kind === 'campus') return weekend ? 0.2 : hour < 13 ? 3 : 0.5;
  return hour >= 10 ? 2 : 1;
}

/** A ride from `from` at `ms`: most towards a station near an attracting spot, some anywhere. */
export function demandTrip(rng: Rng, from: Point, ms: number): Route {
  const date = new Date(ms);
  const weekend = [0, 6].includes(date.getUTCDay());
  if (rng() < 0.6) {
    const weights = HOT_SPOTS.map((s) => attraction(s, date.getUTCHours(), weekend));
    let r = rng() * weights.reduce((a, b) => a + b, 0);
    const spot = HOT_SPOTS.find((_, i) => (r -= weights[i]!) <= 0) ?? HOT_SPOTS[0]!;
    if (distanceKm(from, spot.at) > 0.5) return routeBetween(rng, from, spot.at);
  }
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const to = pick(rng, STATIONS);
    const km = distanceKm(from, to);
    if (km > 0.8 && km < 5) return routeBetween(rng, from, to);
  }
  return routeBetween(rng, from, pick(rng, STATIONS));
}
