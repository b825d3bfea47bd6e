// The zones' SQL (ADR 0084): one fleet's zones, read and written; the geometry is
// jsonb with its bounding box beside it (no PostGIS on PGlite).
import {
  SERVICE_AREA_TYPES,
  type Zone,
  type ZoneActiveHours,
  type ZoneCapKind,
  type ZoneGeometry,
  type ZoneType,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';

export interface ZoneRow {
  id: string;
  name: string;
  type: ZoneType;
  geometry: ZoneGeometry;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  vertex_count: number;
  active_hours: ZoneActiveHours | null;
  min_bikes: number | null;
  max_bikes: number | null;
  max_speed_kmh: number | null;
  colour: string;
  auto_commands: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  updated_by: string | null;
}

/** What a zone's row is written from (the service computed the box and the count). */
export interface ZoneValues {
  name: string;
  type: ZoneType;
  /** the whole geometry, serialised (off the event loop for a big zone: ADR 0125) */
  geometryJson: string;
  /** as the map draws it (ADR 0119): the whole one when `simplified` is false */
  mapGeometry: ZoneGeometry;
  simplified: boolean;
  bbox: [number, number, number, number];
  vertexCount: number;
  activeHours: ZoneActiveHours | null;
  minBikes: number | null;
  maxBikes: number | null;
  maxSpeedKmh: number | null;
  colour: string;
  autoCommands: boolean;
}

const COLUMNS = `id, name, type, geometry, min_lon, min_lat, max_lon, max_lat, vertex_count,
  active_hours, min_bikes, max_bikes, max_speed_kmh, colour, auto_commands, version, created_at,
  updated_at, updated_by`;

const iso = (value: Date | string) => new Date(value).toISOString();
const num = (value: number | string) => Number(value);

export function toZone(row: ZoneRow): Zone {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    geometry: row.geometry,
    activeHours: row.active_hours,
    minBikes: row.min_bikes,
    maxBikes: row.max_bikes,
    maxSpeedKmh: row.max_speed_kmh,
    colour: row.colour,
    autoCommands: row.auto_commands,
    bbox: [num(row.min_lon), num(row.min_lat), num(row.max_lon), num(row.max_lat)],
    vertexCount: row.vertex_count,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export async function selectZones(db: Queryable, fleetId: string): Promise<Zone[]> {
  const rows = await db.query<ZoneRow>(
    `SELECT ${COLUMNS} FROM zone WHERE fleet_id = $1 ORDER BY lower(name), id`,
    [fleetId],
  );
  return rows.map(toZone);
}

/** A fleet's zones with their geometry as the map draws it (ADR 0119); `mapped` false: a zone
 * drawn before that column (its whole geometry, for the caller to simplify). */
export async function selectMapZones(db: Queryable, fleetId: string) {
  const rows = await db.query<ZoneRow & { mapped: boolean }>(
    `SELECT id, name, type, coalesce(map_geometry, geometry) AS geometry, min_lon, min_lat,
            max_lon, max_lat, vertex_count, active_hours, min_bikes, max_bikes, max_speed_kmh,
            colour, auto_commands, version, created_at, updated_at, updated_by,
            map_geometry IS NOT NULL AS mapped
       FROM zone WHERE fleet_id = $1 ORDER BY lower(name), id`,
    [fleetId],
  );
  return rows.map((row) => ({ zone: toZone(row), mapped: row.mapped }));
}

export async function selectZone(db: Queryable, fleetId: string, id: string, lock = false) {
  const rows = await db.query<ZoneRow>(
    `SELECT ${COLUMNS} FROM zone WHERE fleet_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [fleetId, id],
  );
  return rows[0] ? toZone(rows[0]) : null;
}

/** A zone's name, type and version, its row locked: what a replacement or a deletion checks,
 * without reading its geometry (ADR 0125). */
export async function lockZoneHead(db: Queryable, fleetId: string, id: string) {
  const rows = await db.query<Pick<ZoneRow, 'id' | 'name' | 'type' | 'version' | 'updated_by'>>(
    'SELECT id, name, type, version, updated_by FROM zone WHERE fleet_id = $1 AND id = $2 FOR UPDATE',
    [fleetId, id],
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        name: row.name,
        type: row.type,
        version: row.version,
        updatedBy: row.updated_by,
      }
    : null;
}

/** Locks the fleet's row while its zones change, so that two managers' changes are counted
 * against its budgets one after the other (NO KEY: rows that refer to the fleet, its bikes,
 * are still written meanwhile). First in the transaction: the fleet, then its zones. */
export async function lockFleetZones(db: Queryable, fleetId: string): Promise<void> {
  await db.query('SELECT 1 FROM fleet WHERE id = $1 FOR NO KEY UPDATE', [fleetId]);
}

/** A fleet's zones and their corners, all together (its budgets), less the zone `except` (the
 * one being replaced). */
export async function selectZoneUse(db: Queryable, fleetId: string, except: string | null = null) {
  const rows = await db.query<{ zones: number | string; vertices: number | string | null }>(
    `SELECT count(*) AS zones, sum(vertex_count) AS vertices FROM zone
      WHERE fleet_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [fleetId, except],
  );
  return { zones: Number(rows[0]?.zones ?? 0), vertices: Number(rows[0]?.vertices ?? 0) };
}

/** The zones of a fleet whose box holds the point (the exact test is the caller's). */
export async function selectZonesAround(
  db: Queryable,
  fleetId: string,
  lon: number,
  lat: number,
): Promise<Zone[]> {
  const rows = await db.query<ZoneRow>(
    `SELECT ${COLUMNS} FROM zone
      WHERE fleet_id = $1 AND min_lon <= $2 AND max_lon >= $2 AND min_lat <= $3 AND max_lat >= $3
      ORDER BY lower(name), id`,
    [fleetId, lon, lat],
  );
  return rows.map(toZone);
}

/** Whether the fleet has a service area (without one, no bike is "outside" it). */
export async function hasServiceArea(db: Queryable, fleetId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM zone WHERE fleet_id = $1 AND type = ANY($2) LIMIT 1`, [
    fleetId,
    SERVICE_AREA_TYPES,
  ]);
  return rows.length > 0;
}

// ---- the bikes' places (docs/zones.md, zone-conditions.ts) -----------------------------------

/** What a bike's zones imposed by their automatic commands (docs/zones.md). */
export interface ZoneCommands {
  lock?: { id: string; name: string };
  speed?: { id: string; name: string; kmh: number };
}

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
      JSON.stringify(
        flags.map((f) => ({
          id: f.id,
          outside: f.outside,
          no_ride: f.noRide,
          no_parking: f.noParking,
          zone_commands: f.zoneCommands,
          zone_ids: f.zoneIds,
        })),
      ),
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

/** The fleets with a zone that has a cap (min or max bikes), or a cap alert still active. */
export async function selectCappedFleets(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ fleet_id: string }>(
    `SELECT DISTINCT fleet_id FROM zone WHERE min_bikes IS NOT NULL OR max_bikes IS NOT NULL
     UNION
     SELECT DISTINCT fleet_id FROM zone_alert WHERE cleared_at IS NULL`,
  );
  return rows.map((row) => row.fleet_id);
}

interface ZoneAlertRow {
  id: string;
  zone_id: string;
  zone_name: string;
  kind: ZoneCapKind;
  cap: number;
  parked: number;
  since: Date | string;
  opened_at: Date | string | null;
}

export interface ActiveZoneAlert {
  id: string;
  zoneId: string;
  zoneName: string;
  kind: ZoneCapKind;
  cap: number;
  parked: number;
  since: string;
  /** null while the breach has not lasted ZONE_CAP_GRACE_MINUTES */
  openedAt: string | null;
}

/** A fleet's active cap alerts (open, or pending their grace), locked when asked. */
export async function selectActiveZoneAlerts(
  db: Queryable,
  fleetId: string,
  lock = false,
): Promise<ActiveZoneAlert[]> {
  const rows = await db.query<ZoneAlertRow>(
    `SELECT a.id, a.zone_id, z.name AS zone_name, a.kind, a.cap, a.parked, a.since, a.opened_at
       FROM zone_alert a JOIN zone z ON z.id = a.zone_id
      WHERE a.fleet_id = $1 AND a.cleared_at IS NULL
      ORDER BY a.since${lock ? ' FOR UPDATE OF a' : ''}`,
    [fleetId],
  );
  return rows.map((row) => ({
    id: row.id,
    zoneId: row.zone_id,
    zoneName: row.zone_name,
    kind: row.kind,
    cap: row.cap,
    parked: row.parked,
    since: iso(row.since),
    openedAt: row.opened_at === null ? null : iso(row.opened_at),
  }));
}

/** A breach first seen now (pending its grace). */
export async function insertZoneAlert(
  db: Queryable,
  alert: { fleetId: string; zoneId: string; kind: ZoneCapKind; cap: number; parked: number },
  now: Date,
) {
  await db.query(
    `INSERT INTO zone_alert (fleet_id, zone_id, kind, cap, parked, since, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (zone_id, kind) WHERE cleared_at IS NULL DO NOTHING`,
    [alert.fleetId, alert.zoneId, alert.kind, alert.cap, alert.parked, now],
  );
}

/** The count and cap seen now; `open`: the grace is over, the alert opens now. */
export async function updateZoneAlert(
  db: Queryable,
  id: string,
  values: { cap: number; parked: number; open: boolean },
  now: Date,
) {
  await db.query(
    `UPDATE zone_alert SET cap = $2, parked = $3, updated_at = $4,
            opened_at = CASE WHEN $5::boolean THEN $4 ELSE opened_at END
      WHERE id = $1`,
    [id, values.cap, values.parked, now, values.open],
  );
}

/** The breach is over: cleared when it had opened, forgotten when it had not. */
export async function endZoneAlert(db: Queryable, alert: ActiveZoneAlert, now: Date) {
  if (alert.openedAt === null) await db.query(`DELETE FROM zone_alert WHERE id = $1`, [alert.id]);
  else
    await db.query(`UPDATE zone_alert SET cleared_at = $2, updated_at = $2 WHERE id = $1`, [
      alert.id,
      now,
    ]);
}
