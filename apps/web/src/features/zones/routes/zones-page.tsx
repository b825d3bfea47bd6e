// The Zones view (docs/zones.md): the fleet's zones in a list and on a map; a manager draws a
// new zone (corners clicked on the map), edits a zone's corners or moves it, changes its
// properties, deletes it, imports and exports GeoJSON files. Other roles, and phones, view.
// A change made on a stale version (another manager saved meanwhile) is refused by the server
// (409): the page then shows the latest version. The list and the map have big zones
// simplified; the form and the export read the whole geometry (ADR 0119).
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, MapPinned, Plus } from 'lucide-react';
import type { Zone } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices, useSession } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
import { Spinner } from '../../../ui/spinner/spinner';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { getFullZones, useZones, wholeZone } from '../../../zones/api/get-zones';
import { useZoneOccupancy } from '../../../zones/api/get-zone-occupancy';
import { useCreateZone, useDeleteZone, useUpdateZone } from '../../../zones/api/save-zone';
import { downloadZones } from '../../../zones/zones-geojson';
import { ZoneForm } from '../components/zone-form';
import { ZoneImportButton } from '../components/zone-import-button';
import { ZoneList } from '../components/zone-list';
import {
  draftOf,
  draftProblems,
  newDraft,
  toZoneCreate,
  type ZoneDraft,
} from '../state/zone-draft';
import styles from '../components/zones.module.css';

const ZonesMap = lazy(() => import('../components/zones-map'));

type ShapeMode = 'off' | 'draw' | 'edit';

export function ZonesPage() {
  const { t } = useTranslation();
  usePageTitle(t('zones.title'));
  const { toasts, http } = useServices();
  const { userType } = useSession();
  const mobile = useIsMobile();
  // SPEC §6 as the server has it: the fleet's managers (and administrators) edit
  const editable = userType !== 'UNKNOWN' && !mobile;
  const zones = useZones();
  const occupancy = useZoneOccupancy();
  const create = useCreateZone();
  const update = useUpdateZone();
  const remove = useDeleteZone();
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const [shapeMode, setShapeMode] = useState<ShapeMode>('off');
  const [showProblems, setShowProblems] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edits = useRef(0);
  const [editKey, setEditKey] = useState('none');
  const list = zones.data?.content ?? [];
  const current = draft?.id ? list.find((zone) => zone.id === draft.id) : undefined;
  const busy = create.isPending || update.isPending || remove.isPending;

  const begin = (next: ZoneDraft | null, mode: ShapeMode) => {
    setDraft(next);
    setShapeMode(mode);
    setShowProblems(false);
    edits.current += 1;
    setEditKey(`${next?.id ?? 'new'}-${edits.current}`);
  };
  const shapeModeOf = (zone: Zone): ShapeMode =>
    editable && zone.geometry.type === 'Polygon' ? 'edit' : 'off';
  // the list's geometry may be the map's simplification: the form edits the whole one
  const open = async (listed: Zone | undefined) => {
    const zone = listed && (await wholeZone(http, listed));
    begin(zone ? draftOf(zone) : null, zone ? shapeModeOf(zone) : 'off');
  };
  const select = (id: string) => {
    const zone = list.find((z) => z.id === id);
    if (zone) open(zone).catch(() => toasts.show({ type: 'error', message: t('zones.error') }));
  };
  const exportZones = async () => {
    try {
      downloadZones((await getFullZones(http)).content, 'zones.geojson');
    } catch {
      toasts.show({ type: 'error', message: t('zones.error') });
    }
  };

  const save = async () => {
    if (!draft) return;
    if (draftProblems(draft).size) {
      setShowProblems(true);
      return;
    }
    try {
      const body = toZoneCreate(draft);
      const saved =
        draft.id && draft.version
          ? await update.mutateAsync({ id: draft.id, body: { ...body, version: draft.version } })
          : await create.mutateAsync(body);
      toasts.show({ type: 'success', message: t('zones.form.saved') });
      begin(draftOf(saved), shapeModeOf(saved));
    } catch (error) {
      await recover(error, 'zones.form.failed');
    }
  };

  const confirmDelete = async () => {
    if (!draft?.id || !draft.version) return;
    try {
      await remove.mutateAsync({ id: draft.id, version: draft.version });
      toasts.show({ type: 'success', message: t('zones.form.deleted') });
      setConfirming(false);
      begin(null, 'off');
    } catch (error) {
      setConfirming(false);
      await recover(error, 'zones.form.deleteFailed');
    }
  };

  /** After a refusal: the latest version on a 409, nothing on a 404, else a toast. */
  const recover = async (
    error: unknown,
    failed: 'zones.form.failed' | 'zones.form.deleteFailed',
  ) => {
    if (isApiError(error, 409) && draft?.id) {
      toasts.show({ type: 'warning', message: t('zones.form.conflict') });
      await open((await zones.refetch()).data?.content.find((zone) => zone.id === draft.id));
    } else if (isApiError(error, 404)) {
      toasts.show({ type: 'warning', message: t('zones.form.gone') });
      begin(null, 'off');
    } else if (isApiError(error, 400) && error.problem?.detail) {
      toasts.show({ type: 'error', message: error.problem.detail });
    } else {
      toasts.show({ type: 'error', message: t(failed) });
    }
  };

  const hint =
    shapeMode === 'draw'
      ? t('zones.drawHint')
      : shapeMode === 'edit'
        ? t('zones.editHint')
        : draft?.geometry?.type === 'MultiPolygon' && editable
          ? t('zones.multiHint')
          : null;

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        {editable && (
          <Button onClick={() => begin(newDraft(), 'draw')} disabled={busy}>
            <Plus size={18} aria-hidden="true" />
            {t('zones.new')}
          </Button>
        )}
        {editable && <ZoneImportButton onImported={() => begin(null, 'off')} />}
        <Button variant="secondary" disabled={!list.length} onClick={() => void exportZones()}>
          <Download size={18} aria-hidden="true" />
          {t('zones.export')}
        </Button>
        {!editable && mobile && <p className={styles.note}>{t('zones.readOnly')}</p>}
      </div>
      <div className={styles.panel}>
        <aside className={styles.side}>
          {zones.isPending ? (
            <TableStatus kind="loading" text={t('zones.loading')} />
          ) : zones.isError ? (
            <TableStatus
              kind="error"
              text={t('zones.error')}
              retry={t('zones.retry')}
              onRetry={() => void zones.refetch()}
            />
          ) : draft ? (
            <ZoneForm
              draft={draft}
              editable={editable}
              problems={showProblems ? draftProblems(draft) : new Set()}
              busy={busy}
              updatedBy={current?.updatedBy ?? null}
              onChange={setDraft}
              onSave={() => void save()}
              onDelete={() => setConfirming(true)}
              onRedraw={() => begin({ ...draft, geometry: null }, 'draw')}
              onClose={() => begin(null, 'off')}
            />
          ) : list.length ? (
            <ZoneList zones={list} selected={null} occupancy={occupancy.data} onSelect={select} />
          ) : (
            <TableStatus
              kind="empty"
              icon={<MapPinned size={28} />}
              title={t('zones.empty')}
              hint={editable ? t('zones.emptyHint') : t('zones.emptyReadOnly')}
            />
          )}
        </aside>
        <section className={styles.mapBox} aria-label={t('zones.mapLabel')}>
          {hint && (
            <p className={styles.mapHint} role="status">
              {hint}
            </p>
          )}
          {zones.data && (
            <Suspense fallback={<Spinner />}>
              <ZonesMap
                label={t('zones.mapLabel')}
                zones={list}
                selected={draft?.id ?? null}
                shapeMode={shapeMode}
                editKey={editKey}
                shape={
                  draft?.geometry?.type === 'Polygon' ? (draft.geometry as GeoJSON.Polygon) : null
                }
                colour={draft?.colour ?? '#2563eb'}
                onSelect={select}
                onShape={(shape) => {
                  setDraft((d) => (d ? { ...d, geometry: shape } : d));
                  // a closed drawing is at once editable
                  if (shape) setShapeMode((m) => (m === 'draw' ? 'edit' : m));
                }}
              />
            </Suspense>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('zones.form.confirmDelete', { name: draft?.name ?? '' })}
        description={t('zones.form.confirmDeleteText')}
        confirmLabel={t('zones.form.delete')}
        cancelLabel={t('zones.form.cancel')}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
        tone="danger"
      />
    </div>
  );
}
