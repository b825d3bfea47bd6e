// Reads an import CSV off the main thread (docs/web.md): the contract's reader
// checks every line against SPEC §5 before anything is sent, and the valid lines are cut into
// parts small enough for one request each (the server's body limit is 1 MiB), each part with
// the original line numbers of its rows so that the server's answers point into the file.
import {
  CsvSyntaxError,
  VEHICLE_IMPORT_COLUMNS,
  VehicleCsvHeaderError,
  csvLine,
  readVehicleCsv,
} from '@vfm/contract/vehicle-csv';
import type { FromImportWorker, ToImportWorker } from './import-protocol';

const post = (message: FromImportWorker) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<ToImportWorker>) => {
  const { file, partLines, previewLines } = event.data;
  try {
    const { lines, errors } = readVehicleCsv(await file.text());
    const header = csvLine(VEHICLE_IMPORT_COLUMNS);
    const parts = [];
    for (let start = 0; start < lines.length; start += partLines) {
      const rows = lines.slice(start, start + partLines);
      parts.push({
        csv: [
          header,
          ...rows.map((row) =>
            csvLine([
              row.vehicleNumber,
              row.bikeCode,
              row.moduleId ?? '',
              row.model,
              row.group ?? '',
            ]),
          ),
        ].join('\n'),
        lines: rows.map((row) => row.line),
      });
    }
    post({
      type: 'parsed',
      valid: lines.length,
      withModule: lines.filter((line) => line.moduleId).length,
      withModuleNumbers: lines.filter((line) => line.moduleId).map((line) => line.vehicleNumber),
      preview: lines.slice(0, previewLines),
      errors,
      parts,
    });
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      post({ type: 'refused', reason: 'syntax', line: error.line, detail: error.message });
    } else if (error instanceof VehicleCsvHeaderError) {
      post({ type: 'refused', reason: 'header', detail: error.missing.join(', ') });
    } else {
      post({ type: 'refused', reason: 'unreadable', detail: String(error) });
    }
  }
};
