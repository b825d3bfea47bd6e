// The Zones view (docs/zones.md): the fleet's zones in a list and on a map; a manager draws a
// new zone (corners clicked on the map), edits a zone's corners or moves it, changes its
// properties, deletes it, imports and exports GeoJSON files. Other roles, and phones, view.
// A change made on a stale version (another manager saved meanwhile) is refused by the server
// (409): the page then shows the latest version. The list and the map have big zones
// simplified; the form and the export read the whole geometry (ADR 0119). The page is layout:
// its state, calls and their outcomes are the view model's (state/use-zones-view.ts).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, MapPinned, Plus } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { QueryState } from '../../../ui/query-state/query-state';
import { Spinner } from '../../../ui/spinner/spinner';
import { ZoneForm } from '../components/zone-form';
import { ZoneImportButton } from '../components/zone-import-button';
import { ZoneList } from '../components/zone-list';
import { newDraft } from '../state/zone-draft';
import { useZonesView } from '../state/use-zones-view';
import styles from '../components/zones.module.css';

const ZonesMap = lazy(() => import('../components/zones-map'));

export function ZonesPage() {
  const { t } = useTranslation();
  usePageTitle(t('zones.title'));
  const view = useZonesView();
  const { draft, editable, list, begin } = view;

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        {editable && (
          <Button onClick={() => begin(newDraft(), 'draw')} disabled={view.busy}>
            <Plus size={18} aria-hidden="true" />
            {t('zones.new')}
          </Button>
        )}
        {editable && <ZoneImportButton onImported={() => begin(null, 'off')} />}
        <Button variant="secondary" disabled={!list.length} onClick={() => void view.exportZones()}>
          <Download size={18} aria-hidden="true" />
          {t('zones.export')}
        </Button>
        {!editable && view.mobile && <p className={styles.note}>{t('zones.readOnly')}</p>}
      </div>
      <div className={styles.panel}>
        <aside className={styles.side}>
          <QueryState
            query={view.zones}
            texts={{
              loading: t('zones.loading'),
              error: t('zones.error'),
              retry: t('zones.retry'),
            }}
            empty={{
              icon: <MapPinned size={28} />,
              title: t('zones.empty'),
              hint: editable ? t('zones.emptyHint') : t('zones.emptyReadOnly'),
            }}
            isEmpty={() => !draft && !list.length}
          >
            {() =>
              draft ? (
                <ZoneForm
                  draft={draft}
                  editable={editable}
                  problems={view.problems}
                  busy={view.busy}
                  updatedBy={view.current?.updatedBy ?? null}
                  onChange={view.setDraft}
                  onSave={() => void view.save()}
                  onDelete={() => view.setConfirming(true)}
                  onRedraw={() => begin({ ...draft, geometry: null }, 'draw')}
                  onClose={() => begin(null, 'off')}
                />
              ) : (
                <ZoneList
                  zones={list}
                  selected={null}
                  occupancy={view.occupancy}
                  onSelect={view.select}
                />
              )
            }
          </QueryState>
        </aside>
        <section className={styles.mapBox} aria-label={t('zones.mapLabel')}>
          {view.hint && (
            <p className={styles.mapHint} role="status">
              {view.hint}
            </p>
          )}
          {view.mapReady && (
            <Suspense fallback={<Spinner />}>
              <ZonesMap
                label={t('zones.mapLabel')}
                zones={list}
                selected={draft?.id ?? null}
                shapeMode={view.shapeMode}
                editKey={view.editKey}
                shape={
                  draft?.geometry?.type === 'Polygon' ? (draft.geometry as GeoJSON.Polygon) : null
                }
                colour={draft?.colour ?? '#2563eb'}
                onSelect={view.select}
                onShape={view.onShape}
              />
            </Suspense>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={view.confirming}
        onOpenChange={view.setConfirming}
        title={t('zones.form.confirmDelete', { name: draft?.name ?? '' })}
        description={t('zones.form.confirmDeleteText')}
        confirmLabel={t('zones.form.delete')}
        cancelLabel={t('zones.form.cancel')}
        onConfirm={() => void view.confirmDelete()}
        busy={view.deleting}
        tone="danger"
      />
    </div>
  );
}
