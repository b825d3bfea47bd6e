// The published GBFS 3.0 JSON Schemas (standards/gbfs-json-schema-3.0 in this repository, MobilityData,
// draft-07; read, never edited) compiled once with ajv and its formats, plus the cross-file rules
// of MobilityData's gbfs-validator that a single file's schema cannot say.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const here = path.dirname(fileURLToPath(import.meta.url));
/** GBFS_SCHEMAS_DIR, else the schemas vendored in this repository (standards/) */
export const SCHEMAS_DIR =
  process.env.GBFS_SCHEMAS_DIR ?? path.resolve(here, '../../../../standards/gbfs-json-schema-3.0');

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

export function gbfsValidator(file: string): ValidateFunction {
  let validate = compiled.get(file);
  if (!validate) {
    const schemaFile = path.join(SCHEMAS_DIR, `${file}.json`);
    if (!existsSync(schemaFile)) throw new Error(`GBFS schema missing: ${schemaFile}`);
    validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    compiled.set(file, validate);
  }
  return validate;
}

/** The schema errors of a file, in words (empty: valid). */
export function schemaErrors(file: string, document: unknown): string[] {
  const validate = gbfsValidator(file);
  if (validate(document)) return [];
  return (validate.errors ?? []).map((e) => `${file}${e.instancePath} ${e.message}`);
}

interface VehicleType {
  vehicle_type_id: string;
  propulsion_type: string;
}
interface Vehicle {
  vehicle_id: string;
  vehicle_type_id?: string;
  current_range_meters?: number;
}

/** gbfs-validator's rules across files: once vehicle_types exists every vehicle names a type of
 *  it, and a vehicle of a motorised type (electric assist included) has current_range_meters. */
export function crossFileErrors(types: VehicleType[], vehicles: Vehicle[]): string[] {
  const byId = new Map(types.map((type) => [type.vehicle_type_id, type]));
  const errors: string[] = [];
  for (const vehicle of vehicles) {
    const type = vehicle.vehicle_type_id ? byId.get(vehicle.vehicle_type_id) : undefined;
    if (!type) {
      errors.push(`${vehicle.vehicle_id}: vehicle_type_id missing or unknown`);
      continue;
    }
    if (type.propulsion_type !== 'human' && vehicle.current_range_meters === undefined) {
      errors.push(
        `${vehicle.vehicle_id}: current_range_meters required for ${type.propulsion_type}`,
      );
    }
  }
  return errors;
}
