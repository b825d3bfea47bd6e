// Messages between the administration's import and its worker (import-worker.ts).
import type { VehicleLine, VehicleLineError } from '@vfm/contract/vehicle-csv';

export interface ToImportWorker {
  file: File;
  /** valid lines per request */
  partLines: number;
  /** lines kept for the preview table */
  previewLines: number;
}

export interface ImportPart {
  csv: string;
  /** the file's line number of each row of `csv` (its header excluded) */
  lines: number[];
}

export type FromImportWorker =
  | {
      type: 'parsed';
      valid: number;
      withModule: number;
      /** frame numbers of the lines with a module (to follow their first report) */
      withModuleNumbers: string[];
      preview: VehicleLine[];
      errors: VehicleLineError[];
      parts: ImportPart[];
    }
  | {
      type: 'refused';
      reason: 'syntax' | 'header' | 'unreadable';
      line?: number;
      detail: string;
    };
