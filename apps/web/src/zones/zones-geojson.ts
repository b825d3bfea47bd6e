// Zones as GeoJSON (docs/zones.md): the FeatureCollection the map layers draw and the export
// writes — each feature carrying the zone's properties, so that an export imports again as it
// is — and a GeoJSON file read before it is sent (the server checks it again, all or nothing).
import { ZONE_IMPORT_MAX, zoneGeometryErrors, type Zone, type ZoneGeometry } from '@vfm/contract';
import { saveFile } from '../api/save-file';

export function zonesToFeatureCollection(zones: readonly Zone[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: zones.map((zone) => ({
      type: 'Feature',
      id: zone.id,
      geometry: zone.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon,
      properties: {
        id: zone.id,
        name: zone.name,
        type: zone.type,
        colour: zone.colour,
        activeHours: zone.activeHours,
        minBikes: zone.minBikes,
        maxBikes: zone.maxBikes,
        maxSpeedKmh: zone.maxSpeedKmh,
        autoCommands: zone.autoCommands,
      },
    })),
  };
}

export type ReadGeoJson =
  | { ok: true; collection: GeoJSON.FeatureCollection }
  | {
      ok: false;
      problem: 'json' | 'notGeoJson' | 'empty' | 'tooMany' | 'feature';
      feature?: number;
      detail?: string;
    };

const isGeometry = (value: unknown): value is ZoneGeometry =>
  !!value &&
  typeof value === 'object' &&
  ((value as { type?: unknown }).type === 'Polygon' ||
    (value as { type?: unknown }).type === 'MultiPolygon') &&
  Array.isArray((value as { coordinates?: unknown }).coordinates);

/** A file's text as a FeatureCollection of polygons, or what is wrong with it (which feature). */
export function readGeoJson(text: string): ReadGeoJson {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'json' };
  }
  const type = (data as { type?: unknown } | null)?.type;
  let features: GeoJSON.Feature[];
  if (type === 'FeatureCollection' && Array.isArray((data as { features?: unknown }).features))
    features = (data as GeoJSON.FeatureCollection).features;
  else if (type === 'Feature') features = [data as GeoJSON.Feature];
  else if (isGeometry(data))
    features = [{ type: 'Feature', properties: {}, geometry: data as GeoJSON.Polygon }];
  else return { ok: false, problem: 'notGeoJson' };
  if (!features.length) return { ok: false, problem: 'empty' };
  if (features.length > ZONE_IMPORT_MAX) return { ok: false, problem: 'tooMany' };
  for (const [index, feature] of features.entries()) {
    const geometry = (feature as { geometry?: unknown } | null)?.geometry;
    if (!isGeometry(geometry))
      return { ok: false, problem: 'feature', feature: index + 1, detail: 'Polygon, MultiPolygon' };
    const [error] = zoneGeometryErrors(geometry, 1);
    if (error) return { ok: false, problem: 'feature', feature: index + 1, detail: error.message };
  }
  return { ok: true, collection: { type: 'FeatureCollection', features } };
}

/** Saves the zones as a .geojson file. */
export function downloadZones(zones: readonly Zone[], fileName: string) {
  const blob = new Blob([JSON.stringify(zonesToFeatureCollection(zones), null, 2)], {
    type: 'application/geo+json',
  });
  saveFile(blob, fileName);
}
