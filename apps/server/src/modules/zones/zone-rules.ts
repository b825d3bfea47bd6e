// What makes a zone valid beyond its JSON shape (docs/zones.md): a geometry that is a
// real polygon (zoneGeometryErrors), a speed for slow zones only, caps in order, hours in a
// known time zone. Every refusal is a 400 naming its field; an import names the feature too.
import { Ajv } from 'ajv';
import {
  ZONE_DEFAULT_COLOURS,
  ZONE_TYPES,
  ZONE_TYPE_RULES,
  ZoneCreateSchema,
  bboxOf,
  isTimeZone,
  mapGeometry,
  vertexCount,
  zoneGeometryErrors,
  type ZoneCreate,
  type ZoneImport,
  type ZoneType,
} from '@vfm/contract';
import { addContractFormats } from '../../lib/contract-formats';
import { badRequest, type FieldError } from '../../lib/problem';
import type { ZoneValues } from './queries';

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

export function valuesOf(input: ZoneCreate): ZoneValues {
  const geometry = {
    type: input.geometry.type,
    coordinates: input.geometry.coordinates,
  } as ZoneValues['geometry'];
  return {
    name: input.name.trim(),
    type: input.type,
    geometry,
    mapGeometry: mapGeometry(geometry),
    bbox: bboxOf(input.geometry),
    vertexCount: vertexCount(input.geometry),
    activeHours: input.activeHours ?? null,
    minBikes: input.minBikes ?? null,
    maxBikes: input.maxBikes ?? null,
    maxSpeedKmh: ZONE_TYPE_RULES[input.type].speedLimit ? (input.maxSpeedKmh ?? null) : null,
    colour: input.colour ?? ZONE_DEFAULT_COLOURS[input.type],
    autoCommands: input.autoCommands ?? false,
  };
}

/** The row values of a valid zone, or a 400 naming what is wrong. */
export function zoneValues(input: ZoneCreate): ZoneValues {
  const errors = zoneInputErrors(input);
  if (errors.length)
    throw badRequest(`The zone is not valid: ${errors[0]!.field} ${errors[0]!.message}.`, errors);
  return valuesOf(input);
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

// the API's reading of the contract (Fastify validates with ajv too)
const ajv = addContractFormats(new Ajv({ allErrors: true, strict: false }));
const checkZone = ajv.compile<ZoneCreate>(ZoneCreateSchema);

const KNOWN = new Set<string>([
  'name',
  'type',
  'activeHours',
  'minBikes',
  'maxBikes',
  'autoCommands',
]);

/**
 * A FeatureCollection's features as zones: each feature's properties (our export's, or a
 * `name` from another tool; the type defaults to SERVICE_AREA), its geometry; every problem
 * named with its feature (`features/3/geometry/…`), nothing saved when one is wrong.
 */
export async function importedZones(input: ZoneImport): Promise<ZoneValues[]> {
  const errors: FieldError[] = [];
  const values: ZoneValues[] = [];
  for (const [index, feature] of input.features.entries()) {
    if (errors.length >= 20) break;
    // the geometry checks are CPU: other requests get their turn between features (ADR 0119)
    if (index > 0) await nextTurn();
    const props = (feature.properties ?? {}) as Record<string, unknown>;
    const type = ZONE_TYPES.includes(props.type as ZoneType)
      ? (props.type as ZoneType)
      : 'SERVICE_AREA';
    const candidate: Record<string, unknown> = {
      name: typeof props.name === 'string' && props.name.trim() ? props.name : `Zone ${index + 1}`,
      type,
      geometry: feature.geometry,
    };
    for (const key of KNOWN)
      if (props[key] != null && !(key in candidate)) candidate[key] = props[key];
    if (ZONE_TYPE_RULES[type].speedLimit) candidate.maxSpeedKmh = props.maxSpeedKmh ?? null;
    if (typeof props.colour === 'string') candidate.colour = props.colour;
    const at = `features/${index}`;
    if (!checkZone(candidate)) {
      for (const error of (checkZone.errors ?? []).slice(0, 3))
        errors.push({ field: `${at}${error.instancePath}`, message: error.message ?? 'invalid' });
      continue;
    }
    const problems = zoneInputErrors(candidate);
    if (problems.length) {
      errors.push(...problems.map((p) => ({ field: `${at}/${p.field}`, message: p.message })));
      continue;
    }
    values.push(valuesOf(candidate));
  }
  if (errors.length)
    throw badRequest(
      `The file's zones are not valid (nothing was imported): ${errors[0]!.field} ${errors[0]!.message}.`,
      errors.slice(0, 20),
    );
  return values;
}
