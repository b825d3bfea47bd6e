// One city for the simulated fleet (DESIGN §2: "~500 bikes in one city"): a street grid around
// Lyon's centre with bike stations at intersections. Routes follow the streets, so positions
// on the map look like rides, not teleports.
import { between, pick, type Rng } from './random';

export interface Point {
  lat: number;
  lon: number;
}

export interface Route {
  points: Point[];
  /** length of each leg in km (legs[i] goes from points[i] to points[i+1]) */
  legs: number[];
  km: number;
}

export const CITY = {
  name: 'Lyon',
  center: { lat: 45.764, lon: 4.8357 },
  /** street spacing in degrees (~200 m) */
  stepLat: 0.0018,
  stepLon: 0.0026,
  /** half-size of the grid in streets (~3.5 km each way) */
  halfRows: 18,
  halfCols: 13,
};

export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The streets of the grid, each a straight line of [lon, lat] points (for a basemap). */
export function streetLines(): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  const { halfRows, halfCols } = CITY;
  for (let row = -halfRows; row <= halfRows; row += 1) {
    const [west, east] = [node(row, -halfCols), node(row, halfCols)];
    lines.push([
      [west.lon, west.lat],
      [east.lon, east.lat],
    ]);
  }
  for (let col = -halfCols; col <= halfCols; col += 1) {
    const [south, north] = [node(-halfRows, col), node(halfRows, col)];
    lines.push([
      [south.lon, south.lat],
      [north.lon, north.lat],
    ]);
  }
  return lines;
}

/** The intersection (row, col) of the grid. */
export function node(row: number, col: number): Point {
  return {
    lat: round6(CITY.center.lat + row * CITY.stepLat),
    lon: round6(CITY.center.lon + col * CITY.stepLon),
  };
}

/** Bike stations: a fixed set of intersections, denser near the centre. */
export const STATIONS: readonly Point[] = (() => {
  const stations: Point[] = [];
  for (let row = -CITY.halfRows; row <= CITY.halfRows; row += 4) {
    for (let col = -CITY.halfCols; col <= CITY.halfCols; col += 4) {
      const r = Math.hypot(row / CITY.halfRows, col / CITY.halfCols);
      if (r <= 1.05) stations.push(node(row, col));
    }
  }
  return stations;
})();

function toGrid(p: Point) {
  return {
    row: Math.round((p.lat - CITY.center.lat) / CITY.stepLat),
    col: Math.round((p.lon - CITY.center.lon) / CITY.stepLon),
  };
}

/** A street route from a to b: staircase through the grid with random turns. */
export function routeBetween(rng: Rng, a: Point, b: Point): Route {
  const from = toGrid(a);
  const to = toGrid(b);
  const points: Point[] = [a];
  let { row, col } = from;
  while (row !== to.row || col !== to.col) {
    const goRow = row !== to.row && (col === to.col || rng() < 0.5);
    const run = 1 + Math.floor(rng() * 3);
    for (let i = 0; i < run && (goRow ? row !== to.row : col !== to.col); i += 1) {
      if (goRow) row += Math.sign(to.row - row);
      else col += Math.sign(to.col - col);
    }
    points.push(node(row, col));
  }
  if (distanceKm(points[points.length - 1]!, b) > 0.001) points.push(b);
  const legs = points.slice(1).map((p, i) => distanceKm(points[i]!, p));
  return { points, legs, km: legs.reduce((sum, leg) => sum + leg, 0) };
}

/** A ride to another station, mostly 1 to 5 km away. */
export function randomTrip(rng: Rng, from: Point): Route {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const to = pick(rng, STATIONS);
    const km = distanceKm(from, to);
    if (km > 0.8 && km < 5) return routeBetween(rng, from, to);
  }
  return routeBetween(rng, from, pick(rng, STATIONS));
}

/** A short move around the block (a thief testing the lock, a bike pushed aside). */
export function shortMove(rng: Rng, from: Point): Route {
  const g = toGrid(from);
  const to = node(g.row + (rng() < 0.5 ? -1 : 1), g.col + Math.round(between(rng, -1, 1)));
  return routeBetween(rng, from, to);
}

/** Where a point along the route is after `km` of it. */
export function positionAlong(route: Route, km: number): Point {
  let left = km;
  for (let i = 0; i < route.legs.length; i += 1) {
    const leg = route.legs[i]!;
    if (left <= leg || i === route.legs.length - 1) {
      const f = leg > 0 ? Math.min(1, left / leg) : 1;
      const a = route.points[i]!;
      const b = route.points[i + 1]!;
      return { lat: round6(a.lat + (b.lat - a.lat) * f), lon: round6(a.lon + (b.lon - a.lon) * f) };
    }
    left -= leg;
  }
  return route.points[route.points.length - 1]!;
}

/** Trips per hour of the day relative to the daily mean (commute peaks, quiet nights). */
export const HOURLY_PROFILE = [
  0.1, 0.05, 0.05, 0.05, 0.1, 0.4, 1.2, 2.6, 2.8, 1.4, 1.0, 1.1, 1.6, 1.5, 1.1, 1.1, 1.5, 2.6, 2.8,
  1.8, 1.2, 0.8, 0.5, 0.25,
];
