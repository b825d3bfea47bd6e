// Export buttons of the bike page's trips (docs/manager-tools.md): the period shown, or the trip
// replayed, as GPX, KML or GeoJSON — a file the manager gives to an insurer or opens in a GIS.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { TRACK_EXPORT_FORMATS, type TrackExportFormat } from '@vfm/contract/constants';
import { isApiError } from '../../../api/api-error';
import { useServices, useSession } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { downloadTrack, type TrackExportRange } from '../api/export-track';
import styles from './bike-page.module.css';

const LABELS: Record<TrackExportFormat, string> = { gpx: 'GPX', kml: 'KML', geojson: 'GeoJSON' };

export function TrackExport({
  vehicleNumber,
  range,
  label,
}: {
  vehicleNumber: string;
  range: TrackExportRange;
  /** what the buttons export, e.g. "Export the period" */
  label: string;
}) {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const { technician } = useSession();
  const [busy, setBusy] = useState<TrackExportFormat | null>(null);

  const run = async (format: TrackExportFormat) => {
    setBusy(format);
    try {
      await downloadTrack(http, vehicleNumber, format, range);
    } catch (error) {
      toasts.show({
        type: 'error',
        message: t('bikePage.export.failed', {
          reason: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
        }),
      });
    } finally {
      setBusy(null);
    }
  };

  // exports are a manager's (ADR 0090): the server refuses them to a technician
  if (technician) return null;
  return (
    <div className={styles.exportGroup} role="group" aria-label={label}>
      <span className={styles.exportLabel} aria-hidden="true">
        <Download size={16} />
        {label}
      </span>
      {TRACK_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="sm"
          variant="secondary"
          disabled={busy !== null}
          aria-label={t('bikePage.export.as', { what: label, format: LABELS[format] })}
          onClick={() => void run(format)}
        >
          {LABELS[format]}
        </Button>
      ))}
    </div>
  );
}
