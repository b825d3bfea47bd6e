// Where a position stands among its fleet's zones (issue 23 §3): the zones whose box holds
// it are read (an index-sized read), then tested exactly in TypeScript (ADR 0084: no PostGIS).
import { isZoneActive, pointInGeometry, type Zone } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { hasServiceArea, selectZonesAround } from './queries';

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
