import { describe, expect, it } from 'vitest';
import {
  VehicleCsvHeaderError,
  csvLine,
  parseCsv,
  readVehicleCsv,
  unneutralise,
} from './vehicle-csv';

describe('unneutralise', () => {
  it('removes the apostrophe the export puts before a formula-looking cell, once', () => {
    expect(unneutralise("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unneutralise("'@home")).toBe('@home');
    expect(unneutralise("''=x")).toBe("''=x");
    expect(unneutralise("'plain")).toBe("'plain");
    expect(unneutralise('City 28')).toBe('City 28');
  });
});

describe('readVehicleCsv', () => {
  it('keeps the valid lines and reports each bad one with its line number', () => {
    const { lines, errors } = readVehicleCsv(
      'vehicleNumber,bikeCode,moduleId,model,group\nVN-1,BC-1,A12345,City,North\nVN 2,BC-2,,City,\nVN-3,BC-1,,City,\n',
    );
    expect(lines.map((line) => line.vehicleNumber)).toEqual(['VN-1']);
    expect(errors.map((error) => error.line)).toEqual([3, 4]);
    expect(errors[1]!.message).toMatch(/appears twice/);
  });

  it('reports a model or group that hides characters or reverses text (docs/operations.md)', () => {
    const { lines, errors } = readVehicleCsv(
      'vehicleNumber,bikeCode,moduleId,model,group\nVN-1,BC-1,,City,\nVN-2,BC-2,,\u200b,\nVN-3,BC-3,,City,Nord\u202e\n',
    );
    expect(lines.map((line) => line.vehicleNumber)).toEqual(['VN-1']);
    expect(errors.map((error) => error.message.split(' ')[0])).toEqual(['model', 'group']);
  });

  it('refuses a file without the expected header', () => {
    expect(() => readVehicleCsv('vehicleNumber,model\nVN-1,City\n')).toThrow(VehicleCsvHeaderError);
    expect(() => readVehicleCsv('')).toThrow(VehicleCsvHeaderError);
  });
});

describe('csvLine', () => {
  it('quotes what needs quoting so that the line reads back the same', () => {
    const cells = ['plain', 'with,comma', 'with "quote"', 'two\nlines', ''];
    expect(parseCsv(csvLine(cells))[0]!.fields).toEqual(cells);
  });
});
