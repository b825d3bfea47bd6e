// The zones' index (issue 23 §3, §5): a position is tested against the zones whose box holds it,
// and gets the same marks as the plain test against every zone would give.
import { describe, expect, it } from 'vitest';
import { bboxOf, pointInGeometry, vertexCount, type Zone, type ZoneGeometry } from '@vfm/contract';
import { FleetZones } from './zone-index';

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
    const zones = new FleetZones('s', [
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
    const zones = new FleetZones('s', [
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
    const zones = new FleetZones('s', list);
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
    const zones = new FleetZones('s', [area, park, quiet, slow, slower]);
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
