// The demo's city (DESIGN §2: "~500 bikes in one city"): a street grid around Lyon's centre
// with bike stations at intersections — shared by the simulator (its routes follow the streets)
// and the server (the offline basemap draws the streets; the demo's zones lie on the grid).
// Geometry only, no dependency: a server module may read it without depending on the
// simulator app (docs/architecture.md "Server modules").

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

export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

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
