// The module-secrets file the administrator downloads after an import (docs/web.md,
// Administration). It is opened in spreadsheets, so it goes through the contract's spreadsheet writer, the
// one of the server's exports (ADR 0022) — and strictly: a base64url secret may start with "-",
// and "-A1…" would be read as a formula and shown as something else (docs/operations.md). Such a
// secret gets a leading apostrophe, which the reader of the file removes (docs/operations.md).
import { spreadsheetCsvLine } from '@vfm/contract/csv';
import type { VehicleImportResult } from '@vfm/contract';

export function moduleSecretsCsv(modules: VehicleImportResult['modules']): string {
  const lines = [['moduleId', 'secret'], ...modules.map((m) => [m.moduleId, m.secret])];
  return lines.map((cells) => spreadsheetCsvLine(cells, { identifiers: true })).join('');
}
