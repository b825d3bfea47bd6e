// The zones' writes (ADR 0084): a zone inserted, replaced, deleted. A written zone is
// answered as `GET zones` lists it (ADR 0125): its row without the whole geometry, which the
// caller sent and has, and the map's geometry beside it.
import type { Zone } from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { toZone, type ZoneRow, type ZoneValues } from '../queries';

const valuesOf = (v: ZoneValues) => [
  v.name,
  v.type,
  v.geometryJson,
  v.simplified ? JSON.stringify(v.mapGeometry) : null,
  ...v.bbox,
  v.vertexCount,
  v.activeHours ? JSON.stringify(v.activeHours) : null,
  v.minBikes,
  v.maxBikes,
  v.maxSpeedKmh,
  v.colour,
  v.autoCommands,
];

/** The columns of a written zone's answer: all but its geometry (the caller has the map's). */
const WRITTEN = `id, name, type, min_lon, min_lat, max_lon, max_lat, vertex_count, active_hours,
  min_bikes, max_bikes, max_speed_kmh, colour, auto_commands, version, created_at, updated_at,
  updated_by`;

/** A written zone as `GET zones` lists it (ADR 0125): the map's geometry, `simplified` when it
 * is not the whole one — never the whole geometry echoed back. */
const writtenZone = (row: Omit<ZoneRow, 'geometry'>, values: ZoneValues): Zone => ({
  ...toZone({ ...row, geometry: values.mapGeometry }),
  simplified: values.simplified,
});

export async function insertZone(
  db: Queryable,
  fleetId: string,
  values: ZoneValues,
  by: string,
  now: Date,
): Promise<Zone> {
  const rows = await db.query<Omit<ZoneRow, 'geometry'>>(
    `INSERT INTO zone (name, type, geometry, map_geometry, min_lon, min_lat, max_lon, max_lat,
                       vertex_count, active_hours, min_bikes, max_bikes, max_speed_kmh, colour,
                       auto_commands, fleet_id, created_by, updated_by, created_at, updated_at)
     VALUES ($1, $2, $3::json, coalesce($4::json, $3::json), $5, $6, $7, $8, $9,
             $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $17, $18, $18)
     RETURNING ${WRITTEN}`,
    [...valuesOf(values), fleetId, by, now],
  );
  return writtenZone(rows[0]!, values);
}

export async function updateZone(
  db: Queryable,
  fleetId: string,
  id: string,
  values: ZoneValues,
  by: string,
  now: Date,
): Promise<Zone> {
  const rows = await db.query<Omit<ZoneRow, 'geometry'>>(
    `UPDATE zone SET name = $1, type = $2, geometry = $3::json,
            map_geometry = coalesce($4::json, $3::json), min_lon = $5, min_lat = $6,
            max_lon = $7, max_lat = $8, vertex_count = $9, active_hours = $10::jsonb,
            min_bikes = $11, max_bikes = $12, max_speed_kmh = $13, colour = $14,
            auto_commands = $15, version = version + 1, updated_by = $16, updated_at = $17
      WHERE fleet_id = $18 AND id = $19
     RETURNING ${WRITTEN}`,
    [...valuesOf(values), by, now, fleetId, id],
  );
  return writtenZone(rows[0]!, values);
}

export async function deleteZone(db: Queryable, fleetId: string, id: string): Promise<void> {
  await db.query('DELETE FROM zone WHERE fleet_id = $1 AND id = $2', [fleetId, id]);
}
