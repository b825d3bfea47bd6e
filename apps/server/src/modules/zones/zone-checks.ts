// The costly part of a zone write (docs/zones.md, ADR 0125): the geometry checked
// (zoneGeometryErrors, n log n), simplified for the map (mapGeometry) and serialised for its
// row — pure functions of the input, run on the zones' worker thread for big zones
// (zone-thread.ts) and inline for small ones. They answer plain data (no thrown problem): what
// crosses between threads is a structured clone.
import { Ajv } from 'ajv';
import secureJson from 'secure-json-parse';
import {
  ZONE_DEFAULT_COLOURS,
  ZONE_TYPES,
  ZONE_TYPE_RULES,
  ZoneCreateSchema,
  ZoneImportSchema,
  bboxOf,
  mapGeometry,
  vertexCount,
  type ZoneCreate,
  type ZoneImport,
  type ZoneType,
} from '@vfm/contract';
import { addContractFormats } from '../../lib/contract-formats';
import type { FieldError } from '../../lib/problem';
import { bodyValidator } from '../../lib/request-validator';
import { findNonFinite } from '../../plugins/finite-numbers';
import type { ZoneValues } from './queries';
import { importedSize, zoneInputErrors } from './zone-rules';

/** A zone's row values, or what is wrong with its input (fields relative to the zone, or to
 * the import's features: `features/3/geometry/…`). */
export type ZoneCheck = { values: ZoneValues[] } | { errors: FieldError[] };

/** The work the zones' thread does: one zone (create, replace) or an import — or an import's
 *  text (zone-body.ts), read for its zones' sizes or read and checked. */
export type ZoneJob =
  | { kind: 'zone'; input: ZoneCreate }
  | { kind: 'import'; input: ZoneImport }
  | { kind: 'import-text'; text: string; step: 'size' | 'check' };

/** What is wrong with a body's text (zone-body.ts makes each the problem a small body gets). */
export type BodyRefusal = { notJson: true } | { validation: unknown[] } | { nonFinite: string };

/** A job's answer: the check, an import text's sizes, or what is wrong with its text. */
export type ZoneAnswer = ZoneCheck | { sizes: number[] } | { refused: BodyRefusal };

export function valuesOf(input: ZoneCreate): ZoneValues {
  const geometry = input.geometry;
  const map = mapGeometry(geometry);
  return {
    name: input.name.trim(),
    type: input.type,
    // the geometry as it came (its type and coordinates): serialised here, off the loop
    geometryJson: JSON.stringify({ type: geometry.type, coordinates: geometry.coordinates }),
    mapGeometry:
      map === geometry
        ? ({ type: geometry.type, coordinates: geometry.coordinates } as ZoneValues['mapGeometry'])
        : map,
    simplified: map !== geometry,
    bbox: bboxOf(geometry),
    vertexCount: vertexCount(geometry),
    activeHours: input.activeHours ?? null,
    minBikes: input.minBikes ?? null,
    maxBikes: input.maxBikes ?? null,
    maxSpeedKmh: ZONE_TYPE_RULES[input.type].speedLimit ? (input.maxSpeedKmh ?? null) : null,
    colour: input.colour ?? ZONE_DEFAULT_COLOURS[input.type],
    autoCommands: input.autoCommands ?? false,
  };
}

/** One zone's input (schema-valid already: the route checked it). */
export function checkZone(input: ZoneCreate): ZoneCheck {
  const errors = zoneInputErrors(input);
  return errors.length ? { errors } : { values: [valuesOf(input)] };
}

// the API's reading of the contract (Fastify validates with ajv too)
let compiled: ReturnType<Ajv['compile']> | null = null;
const zoneShape = () =>
  (compiled ??= addContractFormats(new Ajv({ allErrors: true, strict: false })).compile<ZoneCreate>(
    ZoneCreateSchema,
  ));

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
 * named with its feature (`features/3/geometry/…`), at most 20; nothing kept when one is wrong.
 */
export function checkImport(input: ZoneImport): ZoneCheck {
  const errors: FieldError[] = [];
  const values: ZoneValues[] = [];
  const shape = zoneShape();
  for (const [index, feature] of input.features.entries()) {
    if (errors.length >= 20) break;
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
    if (!shape(candidate)) {
      for (const error of (shape.errors ?? []).slice(0, 3))
        errors.push({ field: `${at}${error.instancePath}`, message: error.message ?? 'invalid' });
      continue;
    }
    const zone = candidate as ZoneCreate;
    const problems = zoneInputErrors(zone);
    if (problems.length) {
      errors.push(...problems.map((p) => ({ field: `${at}/${p.field}`, message: p.message })));
      continue;
    }
    values.push(valuesOf(zone));
  }
  return errors.length ? { errors: errors.slice(0, 20) } : { values };
}

let importBody: ReturnType<typeof bodyValidator> | null = null;

/** An import's text read as the API reads a body (zone-body.ts): parsed, validated, finite. */
function readImport(text: string): { input: ZoneImport } | { refused: BodyRefusal } {
  let input: unknown;
  try {
    // as Fastify parses a body: prototype poisoning refused
    input = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { refused: { notJson: true } };
  }
  const validate = (importBody ??= bodyValidator(ZoneImportSchema));
  if (!validate(input)) return { refused: { validation: validate.errors ?? [] } };
  const nonFinite = findNonFinite(input, '');
  if (nonFinite) return { refused: { nonFinite } };
  return { input: input as ZoneImport };
}

export function runZoneJob(job: ZoneJob): ZoneAnswer {
  if (job.kind === 'zone') return checkZone(job.input);
  if (job.kind === 'import') return checkImport(job.input);
  const read = readImport(job.text);
  if ('refused' in read) return read;
  return job.step === 'size'
    ? { sizes: read.input.features.map(importedSize) }
    : checkImport(read.input);
}
