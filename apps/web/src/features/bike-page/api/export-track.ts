// GET products/export/{vehicleNumber} (docs/manager-tools.md): a period or one trip as a GPX, KML or
// GeoJSON file, fetched with the session (a plain link would carry no token) and saved.
import type { TrackExportFormat } from '@vfm/contract/constants';
import type { HttpClient } from '../../../api/http-client';
import { saveFile } from '../../../api/save-file';

export type TrackExportRange = { from: string; to: string } | { trip: string };

export function trackFileName(
  vehicleNumber: string,
  format: TrackExportFormat,
  range: TrackExportRange,
) {
  const day = (iso: string) => iso.slice(0, 10);
  const span = 'trip' in range ? `trip-${day(range.trip)}` : `${day(range.from)}_${day(range.to)}`;
  return `${vehicleNumber}-${span}.${format}`;
}

export async function downloadTrack(
  http: HttpClient,
  vehicleNumber: string,
  format: TrackExportFormat,
  range: TrackExportRange,
): Promise<void> {
  const blob = await http.get<Blob>(`products/export/${encodeURIComponent(vehicleNumber)}`, {
    query: { format, ...range },
    responseType: 'blob',
    accept: '*/*',
  });
  saveFile(blob, trackFileName(vehicleNumber, format, range));
}
