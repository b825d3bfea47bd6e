// Where a position stands among its fleet's zones (issue 23 §3): the zones whose box holds
// it are read (an index-sized read), then tested exactly in TypeScript (ADR 0084: no PostGIS).
import {
  bboxContains,
  isZoneActive,
  pointInGeometry,
  type BBox,
  type Zone,
  type ZoneOccupancy,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { hasServiceArea, selectBikePositions, selectZones, selectZonesAround } from './queries';

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
  const inService = zones.some(({ zone }) => zone.type === 'SERVICE_AREA');
  return {
    zones,
    outsideServiceArea: !inService && (await hasServiceArea(db, fleetId)),
  };
}

/** How many bikes stand in each zone of the fleet now, and whether a cap is crossed. */
export async function occupancyOf(db: Queryable, fleetId: string): Promise<ZoneOccupancy> {
  const zones = await selectZones(db, fleetId);
  if (!zones.length) return { content: [] };
  const bikes = await selectBikePositions(db, fleetId);
  return {
    content: zones.map((zone) => {
      let count = 0;
      let parked = 0;
      for (const { longitude: lon, latitude: lat, status } of bikes) {
        if (!bboxContains(zone.bbox as BBox, lon, lat) || !pointInGeometry(lon, lat, zone.geometry))
          continue;
        count += 1;
        if (status === 'PARKED') parked += 1;
      }
      return {
        zoneId: zone.id,
        bikes: count,
        parked,
        belowMinimum: zone.minBikes !== null && parked < zone.minBikes,
        aboveMaximum: zone.maxBikes !== null && parked > zone.maxBikes,
      };
    }),
  };
}
