// Import a GeoJSON file of zones (docs/zones.md): read and checked in the browser first (which
// feature is wrong, and why), then sent as one FeatureCollection the server saves all or
// nothing; a toast tells the outcome.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { ZONE_IMPORT_MAX } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { useImportZones } from '../../../zones/api/save-zone';
import { readGeoJson } from '../../../zones/zones-geojson';

export function ZoneImportButton({ onImported }: { onImported(): void }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const input = useRef<HTMLInputElement>(null);
  const importZones = useImportZones();

  const read = async (file: File) => {
    const result = readGeoJson(await file.text());
    if (!result.ok) {
      const message =
        result.problem === 'feature'
          ? t('zones.importErrors.feature', { feature: result.feature, detail: result.detail })
          : t(`zones.importErrors.${result.problem}`, { max: ZONE_IMPORT_MAX });
      toasts.show({ type: 'error', message });
      return;
    }
    try {
      const answer = await importZones.mutateAsync(result.collection);
      toasts.show({ type: 'success', message: t('zones.imported', { count: answer.created }) });
      onImported();
    } catch (error) {
      const detail = isApiError(error) ? (error.problem?.detail ?? String(error.status)) : '';
      toasts.show({ type: 'error', message: t('zones.importErrors.refused', { detail }) });
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".geojson,.json,application/geo+json,application/json"
        hidden
        data-testid="zone-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      <Button
        variant="secondary"
        disabled={importZones.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload size={18} aria-hidden="true" />
        {t('zones.import')}
      </Button>
    </>
  );
}
