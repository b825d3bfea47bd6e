// The published MDS 2.0 Provider OpenAPI (standards/mds-openapi-2.0 in this repository, Open Mobility
// Foundation; OpenAPI 3.1 = JSON Schema 2020-12; read, never edited): every YAML file is loaded
// into ajv 2020 under its file URL, so the `$ref`s across models/ resolve as a city's tooling
// resolves them, and each operation's 200 schema is compiled from provider.yaml.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MDS_DIR =
  process.env.MDS_SCHEMAS_DIR ?? path.resolve(here, '../../../../standards/mds-openapi-2.0');

type Json = Record<string, any>;

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return yamlFiles(file);
    return name.endsWith('.yaml') ? [file] : [];
  });
}

const MODES = ['car-share', 'delivery-robots', 'micromobility', 'passenger-services'];

/**
 * Two quirks of the published text, read as a city's tooling would rather than edited:
 * - the micromobility event's `if` says `contains: [trip_start, …]` (an array, which JSON Schema
 *   reads as no constraint or an error) where `contains: { enum: [...] }` is meant;
 * - vehicle, trip and event end with a `oneOf` over the four modes, whose definitions overlap
 *   (each only narrows properties an ordinary bike does not carry), so an ordinary bike matches
 *   several and fails `oneOf`. A provider declares its mode: VFM is micromobility, so the `oneOf`
 *   is replaced by the micromobility definition alone.
 * Both are changed here, in memory, never in the files.
 */
function readAsMicromobility(file: string, schema: Json): Json {
  const relative = path.relative(path.join(MDS_DIR, 'models'), file);
  const fixContains = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const object = node as Json;
    if (Array.isArray(object.contains)) object.contains = { enum: object.contains };
    Object.values(object).forEach(fixContains);
  };
  // every mode's event says it so (the micromobility one is the one VFM's answers meet)
  if (relative.startsWith('modes')) fixContains(schema);
  if (['vehicle.yaml', 'trip.yaml', 'event.yaml'].includes(relative)) {
    for (const part of schema.allOf ?? []) {
      const refs = (part.oneOf ?? []).map((option: Json) => String(option.$ref ?? ''));
      if (
        refs.length &&
        MODES.every((mode) => refs.some((ref: string) => ref.includes(`/${mode}/`)))
      ) {
        const micromobility = part.oneOf.find((option: Json) =>
          String(option.$ref).includes('/micromobility/'),
        );
        delete part.oneOf;
        part.$ref = micromobility.$ref;
      }
    }
  }
  return schema;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
for (const file of yamlFiles(path.join(MDS_DIR, 'models'))) {
  const { $schema: _dialect, ...schema } = readAsMicromobility(
    file,
    parse(readFileSync(file, 'utf8')) as Json,
  );
  // a few model files name draft-07; inside an OpenAPI 3.1 document every schema is read in its
  // dialect (2020-12), as OpenAPI tooling does
  ajv.addSchema({ ...schema, $id: pathToFileURL(file).href });
}
const providerFile = path.join(MDS_DIR, 'reference', 'provider.yaml');
const provider = parse(readFileSync(providerFile, 'utf8')) as Json;

const compiled = new Map<string, ValidateFunction>();

/** The validator of an operation's 200 answer, e.g. `/vehicles/{device_id}`. */
export function responseValidator(operationPath: string): ValidateFunction {
  let validate = compiled.get(operationPath);
  if (!validate) {
    const schema = provider.paths?.[operationPath]?.get?.responses?.['200']?.content?.[
      'application/json'
    ]?.schema as Json | undefined;
    if (!schema) throw new Error(`no 200 schema for ${operationPath} in provider.yaml`);
    // an $id beside provider.yaml: its relative $refs (../models/…) resolve from there
    const id = new URL(
      `provider-${operationPath.replace(/[^a-z]+/gi, '-')}.json`,
      pathToFileURL(providerFile),
    ).href;
    validate = ajv.compile({ ...schema, $id: id });
    compiled.set(operationPath, validate);
  }
  return validate;
}

/** The schema errors of an answer, in words (empty: valid). */
export function mdsSchemaErrors(operationPath: string, body: unknown): string[] {
  const validate = responseValidator(operationPath);
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 20)
    .map((e) => `${operationPath}${e.instancePath} ${e.message} (${e.schemaPath})`);
}

/** every operation of provider.yaml VFM implements */
export const MDS_OPERATIONS = [
  '/vehicles',
  '/vehicles/{device_id}',
  '/vehicles/status',
  '/vehicles/status/{device_id}',
  '/trips',
  '/telemetry',
  '/events/historical',
  '/events/recent',
] as const;
