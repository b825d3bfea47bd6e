// The zones' alert conditions (issue 23 §3): each bike of a fleet with zones is placed by its
// last position — outside every active service area (when the fleet has one active), inside an
// active no-ride zone, parked inside an active no-parking zone — and the marks on the bike
// (`outside_service_area_since`, `no_ride_zone_since`, `no_parking_since`) follow. The alerts'
// reconciliation reads them as conditions, so the alerts open and clear with the rest (ADR 0081,
// ADR 0084). The ingest places the bikes of each batch as it writes them (ingest/batch-writer.ts,
// through `zoneMarkChanges`); the alerts' subscriber places the bikes of an event and the
// per-minute sweep every bike (a zone's hours begin or end, a zone is drawn or deleted).
import type { Queryable } from '../../db/client';
import { selectPlacedBikes, updateZoneFlags, type ZoneFlags } from './queries';
import { NO_MARKS, sameMarks, zoneIndexes } from './zone-index';

const time = (value: Date | string | null) => (value === null ? null : new Date(value));

/** A bike as placement sees it: where it stands, its status, its marks now. */
export interface BikeToPlace {
  id: number;
  fleetId: string;
  latitude: number | null;
  longitude: number | null;
  lastPositionDate: Date | string | null;
  status: string;
  outsideServiceAreaSince: Date | string | null;
  noRideZoneSince: Date | string | null;
  noParkingSince: Date | string | null;
}

const marked = (bike: BikeToPlace) =>
  bike.outsideServiceAreaSince !== null ||
  bike.noRideZoneSince !== null ||
  bike.noParkingSince !== null;

/** The bikes whose marks change, with their new marks (each dated by the position that put it
 * there, or kept from before). Bikes of fleets without enforced zones lose their marks. */
export async function zoneMarkChanges(
  db: Queryable,
  bikes: BikeToPlace[],
  now: Date,
): Promise<ZoneFlags[]> {
  if (!bikes.length) return [];
  const indexes = await zoneIndexes.of(db, [...new Set(bikes.map((bike) => bike.fleetId))]);
  const changed: ZoneFlags[] = [];
  for (const bike of bikes) {
    const zones = indexes.get(bike.fleetId);
    if (!zones && !marked(bike)) continue;
    const marks = zones ? zones.marksAt(bike.longitude, bike.latitude, bike.status, now) : NO_MARKS;
    const was = {
      outside: time(bike.outsideServiceAreaSince),
      noRide: time(bike.noRideZoneSince),
      noParking: time(bike.noParkingSince),
    };
    const before = {
      outside: was.outside !== null,
      noRide: was.noRide !== null,
      noParking: was.noParking !== null,
    };
    if (sameMarks(marks, before)) continue;
    // since the position that put it there (the module's time), else now
    const since = time(bike.lastPositionDate) ?? now;
    changed.push({
      id: bike.id,
      outside: marks.outside ? (was.outside ?? since) : null,
      noRide: marks.noRide ? (was.noRide ?? since) : null,
      noParking: marks.noParking ? (was.noParking ?? since) : null,
    });
  }
  return changed;
}

/** Updates the zone marks of these bikes (null: every bike); answers how many changed. */
export async function placeBikesInZones(
  tx: Queryable,
  bikeIds: number[] | null,
  now: Date,
): Promise<number> {
  const rows = await selectPlacedBikes(tx, bikeIds);
  const changed = await zoneMarkChanges(
    tx,
    rows.map((row) => ({
      id: row.id,
      fleetId: row.fleet_id,
      latitude: row.latitude,
      longitude: row.longitude,
      lastPositionDate: row.last_position_date,
      status: row.status,
      outsideServiceAreaSince: row.outside_service_area_since,
      noRideZoneSince: row.no_ride_zone_since,
      noParkingSince: row.no_parking_since,
    })),
    now,
  );
  await updateZoneFlags(tx, changed);
  return changed.length;
}
