// The bikes' places among their fleet's zones (docs/zones.md, zone-conditions.ts): the bikes
// to place, the fleets' zone stamps and versions, the marks written on the bikes.
import { jsonRecords, type Queryable } from '../../../db/client';
import type { ZoneCommands } from '../../bikes/bike-state';
import { COLUMNS, toZone, type ZoneRow } from './zones';

export type { ZoneCommands };

export interface PlacedBike {
  id: number;
  fleet_id: string;
  vehicle_number: string;
  zone_commands: ZoneCommands | null;
  zone_ids: string[] | null;
  latitude: number | null;
  longitude: number | null;
  last_position_date: Date | string | null;
  status: string;
  outside_service_area_since: Date | string | null;
  no_ride_zone_since: Date | string | null;
  no_parking_since: Date | string | null;
}

/** These bikes ($1, null = all) of fleets with zones, or still marked by a zone now gone;
 *  `lock`: their rows locked in id order (as the ingest locks them), read as committed last. */
export async function selectPlacedBikes(
  db: Queryable,
  bikeIds: number[] | null,
  lock = false,
  fleetIds: string[] | null = null,
) {
  return db.query<PlacedBike>(
    `SELECT b.id, b.fleet_id, b.vehicle_number, b.latitude, b.longitude, b.last_position_date,
            b.status, b.outside_service_area_since, b.no_ride_zone_since, b.no_parking_since,
            b.zone_commands, b.zone_ids
       FROM bike b
      WHERE ($1::bigint[] IS NULL OR b.id = ANY($1::bigint[]))
        AND ($2::uuid[] IS NULL OR b.fleet_id = ANY($2::uuid[]))
        AND (EXISTS (SELECT 1 FROM zone z WHERE z.fleet_id = b.fleet_id)
             OR b.outside_service_area_since IS NOT NULL OR b.no_ride_zone_since IS NOT NULL
             OR b.no_parking_since IS NOT NULL OR b.zone_commands IS NOT NULL
             OR b.zone_ids IS NOT NULL)${lock ? ' ORDER BY b.id FOR NO KEY UPDATE OF b' : ''}`,
    [bikeIds, fleetIds],
  );
}

/** A stamp per fleet with zones: it changes with any change of them (a zone added, changed or
 * deleted), so a process's index of them knows when it is stale. */
export async function selectZoneStamps(db: Queryable, fleetIds: string[]) {
  const rows = await db.query<{ fleet_id: string; stamp: string }>(
    `SELECT fleet_id, count(*) || ':' || sum(version) || ':' || max(updated_at)::text AS stamp
       FROM zone
      WHERE fleet_id = ANY($1::uuid[])
      GROUP BY fleet_id`,
    [fleetIds],
  );
  return rows.map((row) => ({ fleetId: row.fleet_id, stamp: row.stamp }));
}

/** The ids and versions of these fleets' zones: what a process's index compares with its own
 * to read again only the zones added or changed (zone-index.ts). */
export async function selectZoneVersions(db: Queryable, fleetIds: string[]) {
  const rows = await db.query<{ fleet_id: string; id: string; version: number }>(
    'SELECT fleet_id, id, version FROM zone WHERE fleet_id = ANY($1::uuid[])',
    [fleetIds],
  );
  return rows.map((row) => ({ fleetId: row.fleet_id, id: row.id, version: row.version }));
}

/** These zones whole, with their fleet (the placement's: every type places, some alert). */
export async function selectZonesByIds(db: Queryable, ids: string[]) {
  const rows = await db.query<ZoneRow & { fleet_id: string }>(
    `SELECT fleet_id, ${COLUMNS} FROM zone WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return rows.map((row) => ({ fleetId: row.fleet_id, zone: toZone(row) }));
}

export interface ZoneFlags {
  id: number;
  outside: Date | null;
  noRide: Date | null;
  noParking: Date | null;
  zoneCommands: ZoneCommands | null;
  /** the zones it stands in (null: none) */
  zoneIds: string[] | null;
}

/** Writes the bikes' zone marks, the rows locked in id order first (as the ingest does) unless
 * the caller holds them already (the ingest's batch). */
export async function updateZoneFlags(
  db: Queryable,
  flags: ZoneFlags[],
  { locked = false } = {},
): Promise<void> {
  if (!flags.length) return;
  const ids = flags.map((flag) => flag.id).sort((a, b) => a - b);
  if (!locked)
    await db.query(
      'SELECT id FROM bike WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
      [ids],
    );
  await db.query(
    `UPDATE bike b SET outside_service_area_since = r.outside, no_ride_zone_since = r.no_ride,
            no_parking_since = r.no_parking, zone_commands = r.zone_commands,
            zone_ids = r.zone_ids
       FROM json_to_recordset($1::json)
            AS r(id bigint, outside timestamptz, no_ride timestamptz, no_parking timestamptz,
                 zone_commands jsonb, zone_ids uuid[])
      WHERE b.id = r.id`,
    [
      jsonRecords(flags, (f) => ({
        id: f.id,
        outside: f.outside,
        no_ride: f.noRide,
        no_parking: f.noParking,
        zone_commands: f.zoneCommands,
        zone_ids: f.zoneIds,
      })),
    ],
  );
}

/** The positions of a fleet's bikes (the zones' occupancy). */
export async function selectBikePositions(db: Queryable, fleetId: string) {
  return db.query<{ latitude: number; longitude: number; status: string }>(
    `SELECT latitude, longitude, status FROM bike
      WHERE fleet_id = $1 AND latitude IS NOT NULL AND longitude IS NOT NULL`,
    [fleetId],
  );
}
