// The zones' alert conditions (issue 23 §3): each bike of a fleet with zones is placed by its
// last position — outside every active service area (when the fleet has one active), inside an
// active no-ride zone, parked inside an active no-parking zone — and the marks on the bike
// (`outside_service_area_since`, `no_ride_zone_since`, `no_parking_since`) follow. The alerts' reconciliation reads them as conditions, so the
// alerts open and clear with the rest (ADR 0081, ADR 0084). Run by the alerts' subscriber for
// the bikes of an event and by the per-minute sweep for all: the ingest itself stays as it
// was (no polygon test in its transaction).
import { bboxContains, isZoneActive, pointInGeometry, type BBox, type Zone } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { selectEnforcedZones, selectPlacedBikes, updateZoneFlags, type ZoneFlags } from './queries';

const time = (value: Date | string | null) => (value === null ? null : new Date(value));
const contains = (zone: Zone, lon: number, lat: number) =>
  bboxContains(zone.bbox as BBox, lon, lat) && pointInGeometry(lon, lat, zone.geometry);

/** Updates the zone marks of these bikes (null: every bike); answers how many changed. */
export async function placeBikesInZones(
  tx: Queryable,
  bikeIds: number[] | null,
  now: Date,
): Promise<number> {
  const bikes = await selectPlacedBikes(tx, bikeIds);
  if (!bikes.length) return 0;
  const fleets = [...new Set(bikes.map((bike) => bike.fleet_id))];
  const zonesOf = new Map<string, Zone[]>();
  for (const { fleetId, zone } of await selectEnforcedZones(tx, fleets)) {
    if (!isZoneActive(zone.activeHours, now)) continue;
    zonesOf.set(fleetId, [...(zonesOf.get(fleetId) ?? []), zone]);
  }
  const changed: ZoneFlags[] = [];
  for (const bike of bikes) {
    const zones = zonesOf.get(bike.fleet_id) ?? [];
    const { latitude: lat, longitude: lon } = bike;
    const placed = lat !== null && lon !== null;
    const areas = zones.filter((zone) => zone.type === 'SERVICE_AREA');
    const outside = placed && areas.length > 0 && !areas.some((z) => contains(z, lon, lat));
    const noRide =
      placed && zones.some((zone) => zone.type === 'NO_RIDE' && contains(zone, lon, lat));
    const noParking =
      placed &&
      bike.status === 'PARKED' &&
      zones.some((zone) => zone.type === 'NO_PARKING' && contains(zone, lon, lat));
    const was = {
      outside: time(bike.outside_service_area_since),
      noRide: time(bike.no_ride_zone_since),
      noParking: time(bike.no_parking_since),
    };
    if (
      outside === (was.outside !== null) &&
      noRide === (was.noRide !== null) &&
      noParking === (was.noParking !== null)
    )
      continue;
    // since the position that put it there (the module's time), else now
    const since = time(bike.last_position_date) ?? now;
    changed.push({
      id: bike.id,
      outside: outside ? (was.outside ?? since) : null,
      noRide: noRide ? (was.noRide ?? since) : null,
      noParking: noParking ? (was.noParking ?? since) : null,
    });
  }
  await updateZoneFlags(tx, changed);
  return changed.length;
}
