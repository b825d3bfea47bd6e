// The zones' SQL (ADR 0084): one fleet's zones, read and written; the geometry is
// jsonb with its bounding box beside it (no PostGIS on PGlite).
import {
  SERVICE_AREA_TYPES,
  type Zone,
  type ZoneActiveHours,
  type ZoneGeometry,
  type ZoneType,
} from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { iso } from '../../../lib/iso';

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

export const COLUMNS = `id, name, type, geometry, min_lon, min_lat, max_lon, max_lat, vertex_count,
  active_hours, min_bikes, max_bikes, max_speed_kmh, colour, auto_commands, version, created_at,
  updated_at, updated_by`;

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
