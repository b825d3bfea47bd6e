// The zones screen's state and effects (its view model): the zone being drawn or edited (its
// draft), how the map edits its shape, the page's calls, and what follows a save or a
// deletion — including the server's refusals: on a stale version (409) the latest version is
// read again, a zone deleted meanwhile (404) closes the form. The page only lays these out.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Zone } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices, useSession } from '../../../services/services';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
import { getFullZones, useZones, wholeZone } from '../../../zones/api/get-zones';
import { useZoneOccupancy } from '../../../zones/api/get-zone-occupancy';
import { useCreateZone, useDeleteZone, useUpdateZone } from '../../../zones/api/save-zone';
import { downloadZones } from '../../../zones/zones-geojson';
import {
  draftOf,
  draftProblems,
  toZoneCreate,
  type DraftProblem,
  type ZoneDraft,
} from './zone-draft';

export type ShapeMode = 'off' | 'draw' | 'edit';

export function useZonesView() {
  const { t } = useTranslation();
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
      // the answer's geometry may be the map's simplification (ADR 0125): the form keeps the
      // whole one it sent
      const whole = { ...saved, geometry: body.geometry, simplified: false };
      begin(draftOf(whole), shapeModeOf(whole));
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

  /** a drawn or edited shape from the map; a closed drawing is at once editable */
  const onShape = (shape: GeoJSON.Polygon | null) => {
    setDraft((d) => (d ? { ...d, geometry: shape } : d));
    if (shape) setShapeMode((m) => (m === 'draw' ? 'edit' : m));
  };

  const hint =
    shapeMode === 'draw'
      ? t('zones.drawHint')
      : shapeMode === 'edit'
        ? t('zones.editHint')
        : draft?.geometry?.type === 'MultiPolygon' && editable
          ? t('zones.multiHint')
          : null;

  return {
    mobile,
    editable,
    // a failed refresh shows the error, not the list read before it
    zones: {
      isPending: zones.isPending,
      data: zones.isError ? undefined : zones.data,
      refetch: zones.refetch,
    },
    mapReady: zones.data !== undefined,
    list,
    occupancy: occupancy.data,
    draft,
    setDraft,
    problems: showProblems && draft ? draftProblems(draft) : new Set<DraftProblem>(),
    current,
    busy,
    deleting: remove.isPending,
    begin,
    select,
    exportZones,
    save,
    confirming,
    setConfirming,
    confirmDelete,
    shapeMode,
    editKey,
    onShape,
    hint,
  };
}

export type ZonesView = ReturnType<typeof useZonesView>;
