// Zones for the benchmarks (docs/performance.md): one service area around an area and `count − 1` small
// no-ride and no-parking zones in a grid of 37 columns over it, each a regular polygon of
// `corners` corners, inserted straight into the zone table (bench/zones.ts: the ingest's
// placement; bench/web-fleet.ts: the fleet map drawing them).
import type { Queryable } from '../apps/server/src/db/client';

export interface ZoneGrid {
  /** the centre of the service area, and its half-extent in degrees */
  lon: number;
  lat: number;
  spanLon: number;
  spanLat: number;
  /** the grid's south-west corner and steps, and each small zone's radii */
  west: number;
  south: number;
  stepLon: number;
  stepLat: number;
  radiusLon: number;
  radiusLat: number;
}

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

function ring(lon: number, lat: number, radiusLon: number, radiusLat: number, corners: number) {
  const points = Array.from({ length: corners }, (_, i) => {
    const a = (2 * Math.PI * i) / corners;
    return [round7(lon + radiusLon * Math.cos(a)), round7(lat + radiusLat * Math.sin(a))];
  });
  return [...points, points[0]!];
}

export function benchZones(grid: ZoneGrid, count: number, corners: number) {
  const zones = [
    {
      name: 'City',
      type: 'SERVICE_AREA',
      ring: ring(grid.lon, grid.lat, grid.spanLon, grid.spanLat, corners),
    },
  ];
  for (let i = 0; zones.length < count; i += 1) {
    zones.push({
      name: `Z${i}`,
      type: i % 2 ? 'NO_PARKING' : 'NO_RIDE',
      ring: ring(
        grid.west + (i % 37) * grid.stepLon,
        grid.south + Math.floor(i / 37) * grid.stepLat,
        grid.radiusLon,
        grid.radiusLat,
        corners,
      ),
    });
  }
  return zones.map(({ name, type, ring: r }) => ({
    name,
    type,
    geometry: { type: 'Polygon', coordinates: [r] },
    min_lon: Math.min(...r.map((p) => p[0]!)),
    min_lat: Math.min(...r.map((p) => p[1]!)),
    max_lon: Math.max(...r.map((p) => p[0]!)),
    max_lat: Math.max(...r.map((p) => p[1]!)),
    vertex_count: r.length - 1,
  }));
}

/** Inserts the zones into a fleet (no API: the bench's set-up). */
export async function drawBenchZones(
  db: Queryable,
  fleetId: string,
  grid: ZoneGrid,
  count: number,
  corners: number,
) {
  await db.query(
    `INSERT INTO zone (fleet_id, name, type, geometry, min_lon, min_lat, max_lon, max_lat,
                       vertex_count, colour)
     SELECT $1, z.name, z.type, z.geometry, z.min_lon, z.min_lat, z.max_lon, z.max_lat,
            z.vertex_count, '#7c3aed'
       FROM json_to_recordset($2::json) AS z(name text, type text, geometry jsonb,
            min_lon float8, min_lat float8, max_lon float8, max_lat float8, vertex_count int)`,
    [fleetId, JSON.stringify(benchZones(grid, count, corners))],
  );
}
