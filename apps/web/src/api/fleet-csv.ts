// GET fleet/list/csv (the list as shown: same filters, in frame-number order) and fleet/vehicles/csv (the
// bikes as the import reads them), saved as "<fleet>-<list|vehicles>-<YYYY-MM-DD>.csv".
import type { FleetFilter } from '@vfm/contract';
import type { HttpClient } from './http-client';
import { saveFile } from './save-file';

export type CsvKind = 'list' | 'vehicles';

export function csvFileName(fleetName: string, kind: CsvKind, now = new Date()): string {
  const slug =
    fleetName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'fleet';
  return `${slug}-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

export async function downloadFleetCsv(
  http: HttpClient,
  kind: CsvKind,
  filter: FleetFilter,
  fileName: string,
): Promise<void> {
  const path = kind === 'list' ? 'fleet/list/csv' : 'fleet/vehicles/csv';
  const blob = await http.get<Blob>(path, { query: { ...filter }, responseType: 'blob' });
  saveFile(blob, fileName);
}
