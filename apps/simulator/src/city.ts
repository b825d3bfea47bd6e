// One city for the simulated fleet (@vfm/demo-city: the street grid and its stations): routes
// follow the streets, so positions on the map look like rides, not teleports.
import { CITY, STATIONS, distanceKm, node, round6, type Point, type Route } from '@vfm/demo-city';
import { between, pick, type Rng } from './random';

export * from '@vfm/demo-city';

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
