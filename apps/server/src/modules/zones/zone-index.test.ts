// The zones' index (docs/zones.md, §5): a position is tested against the zones whose box holds it,
// and gets the same marks as the plain test against every zone would give.
import { describe, expect, it } from 'vitest';
import { bboxOf, pointInGeometry, vertexCount, type Zone, type ZoneGeometry } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { prepareGeometry } from './prepared-zone';
import { FleetZones, ZoneIndexes } from './zone-index';

let serial = 0;
function zone(
  type: Zone['type'],
  geometry: ZoneGeometry,
  activeHours: Zone['activeHours'] = null,
  extra: Partial<Zone> = {},
) {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    name: `Z${serial}`,
    type,
    geometry,
    activeHours,
    minBikes: null,
    maxBikes: null,
    maxSpeedKmh: null,
    colour: '#000000',
    autoCommands: false,
    bbox: bboxOf(geometry),
    vertexCount: vertexCount(geometry),
    version: 1,
    createdAt: '2026-11-25T00:00:00.000Z',
    updatedAt: '2026-11-25T00:00:00.000Z',
    updatedBy: null,
    ...extra,
  } satisfies Zone;
}

/** A regular polygon of n corners around (lon, lat). */
function circle(lon: number, lat: number, radius: number, n = 200): ZoneGeometry {
  const ring = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return [lon + radius * Math.cos(a), lat + radius * Math.sin(a)];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

const NOW = new Date('2026-11-25T12:00:00Z'); // a Wednesday, 13:00 in Paris

describe('FleetZones.marksAt', () => {
  it('marks outside the service area, in a no-ride zone, and parked in a no-parking zone', () => {
    const zones = FleetZones.of('s', [
      zone('SERVICE_AREA', circle(4.85, 45.75, 0.1)),
      zone('NO_RIDE', circle(4.85, 45.75, 0.01)),
      zone('NO_PARKING', circle(4.9, 45.75, 0.01)),
    ]);
    expect(zones.marksAt(4.85, 45.75, 'MOVING', NOW)).toMatchObject({
      outside: false,
      noRide: true,
      noParking: false,
    });
    expect(zones.marksAt(4.9, 45.75, 'MOVING', NOW).noParking).toBe(false);
    expect(zones.marksAt(4.9, 45.75, 'PARKED', NOW).noParking).toBe(true);
    expect(zones.marksAt(5.5, 45.75, 'PARKED', NOW)).toMatchObject({
      outside: true,
      noRide: false,
      noParking: false,
    });
    // no position: no mark
    expect(zones.marksAt(null, null, 'PARKED', NOW).outside).toBe(false);
  });

  it('leaves out the zones outside their hours, and a fleet with no active service area', () => {
    const closed = { from: '20:00', to: '06:00', days: ['WED' as const], timeZone: 'Europe/Paris' };
    const zones = FleetZones.of('s', [
      zone('SERVICE_AREA', circle(4.85, 45.75, 0.1), closed),
      zone('NO_RIDE', circle(4.85, 45.75, 0.01), closed),
    ]);
    expect(zones.marksAt(6, 45, 'MOVING', NOW).outside).toBe(false);
    expect(zones.marksAt(4.85, 45.75, 'MOVING', NOW).noRide).toBe(false);
    const night = new Date('2026-11-25T22:00:00Z');
    expect(zones.marksAt(6, 45, 'MOVING', night).outside).toBe(true);
    expect(zones.marksAt(4.85, 45.75, 'MOVING', night).noRide).toBe(true);
  });

  it('agrees with the plain test against every zone, over 1,000 zones of 200 corners', () => {
    const list = Array.from({ length: 1_000 }, (_, i) =>
      zone(
        i % 3 === 0 ? 'SERVICE_AREA' : 'NO_RIDE',
        circle(4.7 + (i % 40) * 0.01, 45.7 + Math.floor(i / 40) * 0.01, 0.004 + (i % 7) * 0.001),
      ),
    );
    const zones = FleetZones.of('s', list);
    let random = 42;
    const next = () => (random = (random * 16807) % 2147483647) / 2147483647;
    for (let n = 0; n < 300; n += 1) {
      const lon = 4.69 + next() * 0.42;
      const lat = 45.69 + next() * 0.27;
      const inType = (type: Zone['type']) =>
        list.some((z) => z.type === type && pointInGeometry(lon, lat, z.geometry));
      expect(zones.marksAt(lon, lat, 'MOVING', NOW)).toMatchObject({
        outside: !inType('SERVICE_AREA'),
        noRide: inType('NO_RIDE'),
        noParking: false,
      });
    }
  });

  it('names the zones whose automatic commands apply: the lock, the lowest speed, the alarm', () => {
    const area = zone('SERVICE_AREA', circle(4.85, 45.75, 0.1), null, { autoCommands: true });
    const park = zone('NO_RIDE', circle(4.85, 45.75, 0.01), null, { autoCommands: true });
    const quiet = zone('NO_RIDE', circle(4.86, 45.75, 0.01));
    const slow = zone('SLOW', circle(4.8, 45.75, 0.02), null, {
      autoCommands: true,
      maxSpeedKmh: 15,
    });
    const slower = zone('SLOW', circle(4.8, 45.75, 0.005), null, {
      autoCommands: true,
      maxSpeedKmh: 8,
    });
    const zones = FleetZones.of('s', [area, park, quiet, slow, slower]);
    expect(zones.marksAt(4.85, 45.75, 'MOVING', NOW).lock).toEqual({
      id: park.id,
      name: park.name,
    });
    // a no-ride zone without automatic commands marks the bike, and locks nothing
    const inQuiet = zones.marksAt(4.866, 45.75, 'MOVING', NOW);
    expect(inQuiet).toMatchObject({ noRide: true, lock: null });
    expect(zones.marksAt(4.8, 45.75, 'MOVING', NOW).speed).toMatchObject({ id: slower.id, kmh: 8 });
    expect(zones.marksAt(4.815, 45.75, 'MOVING', NOW).speed).toMatchObject({
      id: slow.id,
      kmh: 15,
    });
    expect(zones.marksAt(6, 45, 'MOVING', NOW)).toMatchObject({
      outside: true,
      alarm: { id: area.id, name: area.name },
    });
    expect(zones.marksAt(4.85, 45.8, 'MOVING', NOW).alarm).toBeNull();
  });
});

/** A comb of `teeth` teeth spanning the same longitudes (4 corners each), a hole in its spine. */
function comb(teeth: number, west = 4.8, south = 45.7): ZoneGeometry {
  const step = 0.05 / teeth;
  const ring: number[][] = [];
  for (let t = 0; t < teeth; t++) {
    const y = south + t * step;
    ring.push([west, y], [west + 0.05, y + step / 4], [west + 0.05, y + step / 2]);
    ring.push([west, y + (3 * step) / 4]);
  }
  ring.push([west - 0.01, south + 0.05], [west - 0.01, south], ring[0]!);
  const hole = [
    [west - 0.008, south + 0.01],
    [west - 0.002, south + 0.01],
    [west - 0.002, south + 0.02],
    [west - 0.008, south + 0.02],
    [west - 0.008, south + 0.01],
  ];
  return { type: 'Polygon', coordinates: [ring, hole] };
}

describe("prepareGeometry (an index of each big ring's edges)", () => {
  it('answers as pointInGeometry: random points, corners and points on edges of a comb', () => {
    const geometry = comb(500);
    const contains = prepareGeometry(geometry);
    let random = 7;
    const next = () => (random = (random * 16807) % 2147483647) / 2147483647;
    const points: number[][] = [];
    for (let n = 0; n < 3_000; n++) points.push([4.785 + next() * 0.07, 45.695 + next() * 0.06]);
    for (const ring of geometry.coordinates as number[][][])
      for (let i = 0; i + 1 < ring.length; i += 7) {
        const [a, b] = [ring[i]!, ring[i + 1]!];
        points.push(a, [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2]);
      }
    let inside = 0;
    for (const [lon, lat] of points) {
      const expected = pointInGeometry(lon!, lat!, geometry);
      expect(contains(lon!, lat!), `${lon},${lat}`).toBe(expected);
      if (expected) inside += 1;
    }
    expect(inside).toBeGreaterThan(300);
    expect(inside).toBeLessThan(points.length - 300);
  });

  it('costs the edges near a position, not all the corners: 20 combs of 10,000 corners', () => {
    const zones = FleetZones.of(
      's',
      Array.from({ length: 20 }, () => zone('NO_RIDE', comb(2_499))),
    );
    let random = 3;
    const next = () => (random = (random * 16807) % 2147483647) / 2147483647;
    const started = performance.now();
    for (let n = 0; n < 2_000; n++)
      zones.marksAt(4.79 + next() * 0.06, 45.7 + next() * 0.05, 'MOVING', NOW);
    // every pair tested (pointInGeometry) would be 2,000 × 20 × 10,000 edges: seconds; the
    // index answers in ≈ 0.1 s — the bound sits between, far from both (a busy CI machine)
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});

/** A database that answers the index's three queries from a list of zones, and counts which
 * zones it was asked to read whole. */
function fakeDatabase(fleetId: string, zones: Zone[]) {
  const readWhole: string[][] = [];
  const db = {
    async query(sql: string, params: unknown[]) {
      if (sql.includes('GROUP BY fleet_id'))
        return zones.length
          ? [
              {
                fleet_id: fleetId,
                stamp: `${zones.length}:${zones.reduce((s, z) => s + z.version, 0)}:${zones
                  .map((z) => z.updatedAt)
                  .sort()
                  .at(-1)}`,
              },
            ]
          : [];
      if (sql.includes('SELECT fleet_id, id, version'))
        return zones.map((z) => ({ fleet_id: fleetId, id: z.id, version: z.version }));
      const ids = params[0] as string[];
      readWhole.push([...ids].sort());
      return zones
        .filter((z) => ids.includes(z.id))
        .map((z) => ({
          fleet_id: fleetId,
          id: z.id,
          name: z.name,
          type: z.type,
          geometry: z.geometry,
          min_lon: z.bbox[0],
          min_lat: z.bbox[1],
          max_lon: z.bbox[2],
          max_lat: z.bbox[3],
          vertex_count: z.vertexCount,
          active_hours: z.activeHours,
          min_bikes: z.minBikes,
          max_bikes: z.maxBikes,
          max_speed_kmh: z.maxSpeedKmh,
          colour: z.colour,
          auto_commands: z.autoCommands,
          version: z.version,
          created_at: z.createdAt,
          updated_at: z.updatedAt,
          updated_by: z.updatedBy,
        }));
    },
  };
  return { db: db as unknown as Queryable, readWhole };
}

describe('ZoneIndexes (zone by zone)', () => {
  const fleetId = '00000000-0000-4000-8000-00000000f1ee';

  it('reads whole only the zones added or changed, drops the ones deleted, keeps the rest', async () => {
    const a = zone('SERVICE_AREA', circle(4.85, 45.75, 0.1));
    const b = zone('NO_RIDE', circle(4.85, 45.75, 0.01));
    const c = zone('NO_PARKING', circle(4.9, 45.75, 0.01));
    const zones = [a, b, c];
    const { db, readWhole } = fakeDatabase(fleetId, zones);
    const indexes = new ZoneIndexes();

    const first = (await indexes.of(db, [fleetId])).get(fleetId)!;
    expect(readWhole).toEqual([[a.id, b.id, c.id].sort()]);
    expect(first.marksAt(4.85, 45.75, 'MOVING', NOW).noRide).toBe(true);

    // nothing changed: nothing read
    expect((await indexes.of(db, [fleetId])).get(fleetId)).toBe(first);
    expect(readWhole).toHaveLength(1);

    // b moved away (a new version), c deleted, d drawn: b and d read, a kept as it was
    const moved = { ...b, geometry: circle(5.5, 45.75, 0.01), version: 2 };
    moved.bbox = bboxOf(moved.geometry);
    moved.updatedAt = '2026-11-25T01:00:00.000Z';
    const d = zone('NO_RIDE', circle(4.7, 45.75, 0.01), null, {
      updatedAt: '2026-11-25T02:00:00.000Z',
    });
    zones.splice(0, 3, a, moved, d);
    const second = (await indexes.of(db, [fleetId])).get(fleetId)!;
    expect(readWhole[1]).toEqual([moved.id, d.id].sort());
    expect(second.byId.get(a.id)).toBe(first.byId.get(a.id));
    expect(second.byId.has(c.id)).toBe(false);
    expect(second.marksAt(4.85, 45.75, 'MOVING', NOW).noRide).toBe(false);
    expect(second.marksAt(5.5, 45.75, 'MOVING', NOW).noRide).toBe(true);
    expect(second.marksAt(4.7, 45.75, 'MOVING', NOW).noRide).toBe(true);
    expect(second.marksAt(4.9, 45.75, 'PARKED', NOW).noParking).toBe(false);

    // every zone deleted: the fleet leaves the index
    zones.splice(0);
    expect((await indexes.of(db, [fleetId])).has(fleetId)).toBe(false);
    expect(readWhole).toHaveLength(2);
  });
});
