// The import CSV of DESIGN §5 (`vehicleNumber,bikeCode,moduleId,model,group`, any column order,
// other columns ignored) read into lines, each checked against the patterns of SPEC §5 and
// against the lines before it. Shared by the server (which answers a bad header or a syntax
// error with a 400) and the administration's import preview (in a worker, before anything is
// sent). Plain code: no schema library, so that the web worker stays small.
import { FIELD_MAX_LENGTH } from './constants';
import { CsvSyntaxError, parseCsv } from './csv';
import { iotCodeRegExp, isDisplayName, markingRegExp, vehicleNumberRegExp } from './patterns';

export { CsvSyntaxError, parseCsv };

/** Header row of the import CSV (the fleet/vehicles/csv export re-imports as is). */
export const VEHICLE_IMPORT_COLUMNS = [
  'vehicleNumber',
  'bikeCode',
  'moduleId',
  'model',
  'group',
] as const;

export interface VehicleLine {
  line: number;
  vehicleNumber: string;
  bikeCode: string;
  moduleId: string | null;
  model: string;
  group: string | null;
}

export interface VehicleLineError {
  line: number;
  message: string;
}

/** The header lacks columns: the whole file is refused. */
export class VehicleCsvHeaderError extends Error {
  constructor(
    message: string,
    readonly missing: string[],
  ) {
    super(message);
    this.name = 'VehicleCsvHeaderError';
  }
}

/**
 * The vehicles CSV export (fleet/vehicles/csv) prefixes a text cell that a spreadsheet would
 * run as a formula (= + - @) with an apostrophe (ADR 0022); one such apostrophe is removed so
 * that an exported file re-imports exactly.
 */
export function unneutralise(cell: string): string {
  return /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * The CSV → valid lines and per-line errors. Throws CsvSyntaxError (an unclosed quote) and
 * VehicleCsvHeaderError (no header, missing columns).
 */
export function readVehicleCsv(text: string): {
  lines: VehicleLine[];
  errors: VehicleLineError[];
} {
  const records = parseCsv(text);
  const [header, ...rows] = records;
  if (!header) {
    throw new VehicleCsvHeaderError(
      `The CSV is empty: expected the header ${VEHICLE_IMPORT_COLUMNS.join(',')}`,
      [...VEHICLE_IMPORT_COLUMNS],
    );
  }
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const index = Object.fromEntries(
    VEHICLE_IMPORT_COLUMNS.map((column) => [column, names.indexOf(column.toLowerCase())]),
  ) as Record<(typeof VEHICLE_IMPORT_COLUMNS)[number], number>;
  const missing = VEHICLE_IMPORT_COLUMNS.filter((column) => index[column] < 0);
  if (missing.length) {
    throw new VehicleCsvHeaderError(
      `The CSV header lacks ${missing.join(', ')}: expected ${VEHICLE_IMPORT_COLUMNS.join(',')}`,
      missing,
    );
  }

  const lines: VehicleLine[] = [];
  const errors: VehicleLineError[] = [];
  const seen = {
    vehicleNumber: new Set<string>(),
    bikeCode: new Set<string>(),
    moduleId: new Set<string>(),
  };
  for (const record of rows) {
    const get = (column: keyof typeof index) =>
      unneutralise((record.fields[index[column]] ?? '').trim());
    const line: VehicleLine = {
      line: record.line,
      vehicleNumber: get('vehicleNumber'),
      bikeCode: get('bikeCode'),
      moduleId: get('moduleId') || null,
      model: get('model'),
      group: get('group') || null,
    };
    const problem = checkLine(line, seen);
    if (problem) {
      errors.push({ line: record.line, message: problem });
      continue;
    }
    seen.vehicleNumber.add(line.vehicleNumber.toLowerCase());
    seen.bikeCode.add(line.bikeCode.toLowerCase());
    if (line.moduleId) seen.moduleId.add(line.moduleId);
    lines.push(line);
  }
  return { lines, errors };
}

/**
 * Control characters other than tab and line breaks: no identifier or name has them, and a NUL
 * cannot be stored in a text column at all (the database refuses the whole statement).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function controlCharacterIn(line: VehicleLine): string | null {
  for (const column of VEHICLE_IMPORT_COLUMNS) {
    const match = CONTROL_CHARACTER.exec(line[column] ?? '');
    if (match) {
      const byte = match[0].charCodeAt(0).toString(16).padStart(2, '0');
      return `${column} contains a control character (byte 0x${byte})`;
    }
  }
  return null;
}

// the value is not repeated: its hidden characters would reorder the message around it
const NAME_RULE = 'must have a visible character and no invisible or direction-changing ones';

function checkLine(
  line: VehicleLine,
  seen: Record<'vehicleNumber' | 'bikeCode' | 'moduleId', Set<string>>,
) {
  const control = controlCharacterIn(line);
  if (control) return control;
  if (!vehicleNumberRegExp.test(line.vehicleNumber)) {
    return `vehicleNumber "${line.vehicleNumber}" must be 1 to 45 letters, digits, "-" or "_"`;
  }
  if (!markingRegExp.test(line.bikeCode)) {
    return `bikeCode "${line.bikeCode}" must be 1 to 45 letters, digits, ".", "-" or "_"`;
  }
  if (line.moduleId && !iotCodeRegExp.test(line.moduleId)) {
    return `moduleId "${line.moduleId}" must be a capital letter followed by 5 capitals or digits`;
  }
  if (line.model.length > FIELD_MAX_LENGTH)
    return `model is longer than ${FIELD_MAX_LENGTH} characters`;
  if ((line.group ?? '').length > FIELD_MAX_LENGTH)
    return `group is longer than ${FIELD_MAX_LENGTH} characters`;
  // a model or group name must read as what it is (docs/operations.md); an empty cell is no name
  if (line.model && !isDisplayName(line.model)) return `model ${NAME_RULE}`;
  if (line.group && !isDisplayName(line.group)) return `group ${NAME_RULE}`;
  if (seen.vehicleNumber.has(line.vehicleNumber.toLowerCase())) {
    return `vehicleNumber ${line.vehicleNumber} appears twice in the file`;
  }
  if (seen.bikeCode.has(line.bikeCode.toLowerCase()))
    return `bikeCode ${line.bikeCode} appears twice in the file`;
  if (line.moduleId && seen.moduleId.has(line.moduleId))
    return `moduleId ${line.moduleId} appears twice in the file`;
  return null;
}

/** One CSV line of these cells (quoted where needed), e.g. to send a file in parts. */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(',');
}
