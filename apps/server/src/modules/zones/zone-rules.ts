// What makes a zone valid beyond its JSON shape (docs/zones.md): a geometry that is a
// real polygon (zoneGeometryErrors), a speed for slow zones only, caps in order, hours in a
// known time zone. Every refusal is a 400 naming its field; an import names the feature too
// (zone-checks.ts runs these, on the zones' thread for big zones: ADR 0125).
import {
  ZONE_TYPE_RULES,
  isTimeZone,
  zoneGeometryErrors,
  type ZoneCreate,
  type ZoneImport,
} from '@vfm/contract';
import type { FieldError } from '../../lib/problem';

/** The problems of one zone's input, fields relative to the zone. */
export function zoneInputErrors(input: ZoneCreate): FieldError[] {
  const errors: FieldError[] = zoneGeometryErrors(input.geometry).map((e) => ({
    field: `geometry/${e.field}`,
    message: e.message,
  }));
  const rules = ZONE_TYPE_RULES[input.type];
  if (rules.speedLimit && input.maxSpeedKmh == null)
    errors.push({ field: 'maxSpeedKmh', message: 'a slow zone needs its maximum speed' });
  if (!rules.speedLimit && input.maxSpeedKmh != null)
    errors.push({ field: 'maxSpeedKmh', message: 'only a slow zone has a maximum speed' });
  if (input.autoCommands && !rules.autoCommands)
    errors.push({
      field: 'autoCommands',
      message: 'only a service area, a no-ride zone and a slow zone send automatic commands',
    });
  if (input.minBikes != null && input.maxBikes != null && input.minBikes > input.maxBikes)
    errors.push({ field: 'minBikes', message: 'must not be more than maxBikes' });
  const hours = input.activeHours;
  if (hours) {
    if (!isTimeZone(hours.timeZone))
      errors.push({ field: 'activeHours/timeZone', message: 'is not a known time zone' });
    if (hours.from === hours.to)
      errors.push({ field: 'activeHours/to', message: 'must differ from the start' });
  }
  if (!input.name.trim()) errors.push({ field: 'name', message: 'must not be blank' });
  return errors;
}

/** Lets the event loop serve what waits (other requests, the ingest) before going on: two
 * immediates, so that a poll for I/O always comes between (one, called from an I/O callback,
 * would run before the poll). */
export const nextTurn = () =>
  new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** The corners of an imported feature's geometry as sent (0 when it is no polygon): what the
 * fleet's budget counts, before the geometry is checked. */
export function importedSize(feature: ZoneImport['features'][number]): number {
  const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null;
  const polygons =
    geometry?.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry?.type === 'MultiPolygon'
        ? geometry.coordinates
        : [];
  let count = 0;
  for (const polygon of Array.isArray(polygons) ? polygons : [])
    for (const ring of Array.isArray(polygon) ? polygon : [])
      if (Array.isArray(ring)) count += ring.length;
  return count;
}
