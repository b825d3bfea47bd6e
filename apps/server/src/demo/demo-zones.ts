// The demo fleet's zones (docs/zones.md): a service area around the simulated city's streets and
// one no-parking zone on Place Bellecour, so that a newcomer sees zones at first start. Seeded
// once: a fleet that ever had a zone (or whose managers deleted them all) is left alone.
import { CITY } from '@vfm/demo-city';
import { ZONE_DEFAULT_COLOURS, bboxOf, vertexCount, type ZoneGeometry } from '@vfm/contract';
import type { Queryable } from '../db/client';
import { fleetEverHadZones, insertDemoZone } from './queries/seed';

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** An octagon around the street grid, ~300 m beyond its last streets. */
function serviceArea(): ZoneGeometry {
  const { center, stepLat, stepLon, halfRows, halfCols } = CITY;
  const dLat = (halfRows + 2) * stepLat;
  const dLon = (halfCols + 1.5) * stepLon;
  const cut = 0.15;
  const ring = [
    [-1 + cut, -1],
    [1 - cut, -1],
    [1, -1 + cut],
    [1, 1 - cut],
    [1 - cut, 1],
    [-1 + cut, 1],
    [-1, 1 - cut],
    [-1, -1 + cut],
  ].map(([x, y]) => [round6(center.lon + x! * dLon), round6(center.lat + y! * dLat)]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

const BELLECOUR: ZoneGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [4.8292, 45.7569],
      [4.8351, 45.7569],
      [4.8351, 45.7589],
      [4.8292, 45.7589],
      [4.8292, 45.7569],
    ],
  ],
};

export const DEMO_ZONES = [
  { name: `${CITY.name} service area`, type: 'SERVICE_AREA' as const, geometry: serviceArea() },
  { name: 'Place Bellecour', type: 'NO_PARKING' as const, geometry: BELLECOUR },
];

export async function seedDemoZones(db: Queryable, fleetId: string): Promise<void> {
  if (await fleetEverHadZones(db, fleetId)) return;
  for (const zone of DEMO_ZONES) {
    await insertDemoZone(db, [
      fleetId,
      zone.name,
      zone.type,
      JSON.stringify(zone.geometry),
      ...bboxOf(zone.geometry),
      vertexCount(zone.geometry),
      ZONE_DEFAULT_COLOURS[zone.type],
    ]);
  }
}
