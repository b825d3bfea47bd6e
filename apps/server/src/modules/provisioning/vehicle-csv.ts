// The import CSV of DESIGN §5, read by the contract's shared reader (packages/contract
// vehicle-csv.ts, also the administration's preview); a bad header or a syntax error refuses
// the whole file with a 400.
import {
  CsvSyntaxError,
  VehicleCsvHeaderError,
  readVehicleCsv as readLines,
  type VehicleLine,
  type VehicleLineError,
} from '@vfm/contract/vehicle-csv';
import { badRequest } from '../../lib/problem';

export { unneutralise } from '@vfm/contract/vehicle-csv';
export type { VehicleLine };

export function readVehicleCsv(text: string): { lines: VehicleLine[]; errors: VehicleLineError[] } {
  try {
    return readLines(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw badRequest(`CSV syntax error on line ${error.line}: ${error.message}`);
    }
    if (error instanceof VehicleCsvHeaderError) {
      throw badRequest(
        error.message,
        error.missing.map((column) => ({ field: column, message: 'column is missing' })),
      );
    }
    throw error;
  }
}
