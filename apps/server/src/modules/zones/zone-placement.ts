// Where a position stands among its fleet's zones (docs/zones.md): the zones whose box holds
// it are read (an index-sized read), then tested exactly in TypeScript (ADR 0084: no PostGIS).
import {
  bboxContains,
  isServiceAreaType,
  isZoneActive,
  pointInGeometry,
  type BBox,
  type Zone,
  type ZoneOccupancy,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import {
  hasServiceArea,
  selectActiveZoneAlerts,
  selectBikePositions,
  selectZones,
  selectZonesAround,
} from './queries';
import { zoneIndexes } from './zone-index';

export interface Placement {
  zones: Array<{ zone: Zone; active: boolean }>;
  /** the fleet has a service area and the position is in none of them */
  outsideServiceArea: boolean;
}

export async function zonesAt(
  db: Queryable,
  fleetId: string,
  lon: number,
  lat: number,
  at: Date,
): Promise<Placement> {
  const candidates = await selectZonesAround(db, fleetId, lon, lat);
  const zones = candidates
    .filter((zone) => pointInGeometry(lon, lat, zone.geometry))
    .map((zone) => ({ zone, active: isZoneActive(zone.activeHours, at) }));
  const inService = zones.some(({ zone }) => isServiceAreaType(zone.type));
  return {
    zones,
    outsideServiceArea: !inService && (await hasServiceArea(db, fleetId)),
  };
}

/** How many bikes stand in each of these zones of the fleet now (all of them, and parked). */
export async function countBikesIn(
  db: Queryable,
  fleetId: string,
  zones: Zone[],
): Promise<Map<string, { bikes: number; parked: number }>> {
  const counts = new Map(zones.map((zone) => [zone.id, { bikes: 0, parked: 0 }]));
  if (!zones.length) return counts;
  // the zones as the ingest's index prepared them (ADR 0119: log n of their corners a bike)
  const index = (await zoneIndexes.of(db, [fleetId])).get(fleetId);
  const tests = zones.map((zone) => {
    const prepared = index?.byId.get(zone.id);
    return prepared?.zone.version === zone.version
      ? prepared.contains
      : (lon: number, lat: number) => pointInGeometry(lon, lat, zone.geometry);
  });
  for (const { longitude: lon, latitude: lat, status } of await selectBikePositions(db, fleetId))
    for (const [i, zone] of zones.entries()) {
      if (!bboxContains(zone.bbox as BBox, lon, lat) || !tests[i]!(lon, lat)) continue;
      const count = counts.get(zone.id)!;
      count.bikes += 1;
      if (status === 'PARKED') count.parked += 1;
    }
  return counts;
}

/** How many bikes stand in each zone of the fleet now, whether a cap is crossed, and the
 *  zone's open cap alert (a cap crossed for ZONE_CAP_GRACE_MINUTES: zone-caps.ts). */
export async function occupancyOf(db: Queryable, fleetId: string): Promise<ZoneOccupancy> {
  const zones = await selectZones(db, fleetId);
  if (!zones.length) return { content: [] };
  const counts = await countBikesIn(db, fleetId, zones);
  const alerts = (await selectActiveZoneAlerts(db, fleetId)).filter((a) => a.openedAt);
  return {
    content: zones.map((zone) => {
      const { bikes, parked } = counts.get(zone.id)!;
      const alert = alerts.find((a) => a.zoneId === zone.id);
      return {
        zoneId: zone.id,
        bikes,
        parked,
        belowMinimum: zone.minBikes !== null && parked < zone.minBikes,
        aboveMaximum: zone.maxBikes !== null && parked > zone.maxBikes,
        capAlert: alert
          ? { kind: alert.kind, cap: alert.cap, parked: alert.parked, openedAt: alert.openedAt! }
          : null,
      };
    }),
  };
}
