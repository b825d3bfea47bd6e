// The selection bar (docs/web.md): the count, select-all-matching up to the bulk
// limit, and the bulk calls (assistance lock/unlock, IoT mode, availability), each confirmed in a
// dialog that names the count; for an administrator, removal from the fleet with SPEC §8's
// warning.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, LockOpen, Radio, Tag, Trash2, X } from 'lucide-react';
import { AVAILABILITIES, IOT_MODES, type Availability, type IotMode } from '@vfm/contract';
import { availabilityKey, modeKey } from './labels';
import { Button } from '../ui/button/button';
import { ConfirmDialog } from '../ui/confirm-dialog/confirm-dialog';
import type { BulkAction } from './bulk-actions';
import styles from './selection-bar.module.css';

/** Modes in which the module reports rarely (DESIGN §6): commands wait for its next report. */
const SILENT_MODES: readonly IotMode[] = ['STORAGE', 'LOW_POWER'];

type Draft =
  | { kind: 'remove' }
  | { kind: 'lock'; active: boolean }
  | { kind: 'mode'; mode: IotMode | null }
  | { kind: 'availability'; availability: Availability | null };

export function SelectionBar({
  count,
  matching,
  limit,
  busy,
  onSelectAll,
  onClear,
  onRun,
  canRemove = false,
  commands = true,
  extraActions,
}: {
  /** the bulk commands (a field technician has none: docs/tasks.md) */
  commands?: boolean;
  /** what a page adds to the selection (docs/tasks.md: create a task per bike) */
  extraActions?: ReactNode;
  count: number;
  /** an administrator may remove the selected bikes from the fleet (SPEC §8 warning) */
  canRemove?: boolean;
  /** bikes matching the filters */
  matching: number;
  limit: number;
  busy: boolean;
  onSelectAll(): void;
  onClear(): void;
  onRun(action: BulkAction): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft | null>(null);
  if (count === 0) return null;

  const ready: BulkAction | null =
    draft?.kind === 'lock' || draft?.kind === 'remove'
      ? draft
      : draft?.kind === 'mode' && draft.mode
        ? { kind: 'mode', mode: draft.mode }
        : draft?.kind === 'availability' && draft.availability
          ? { kind: 'availability', availability: draft.availability }
          : null;

  const question = () => {
    if (!draft) return '';
    if (draft.kind === 'remove') return t('bike.confirm.remove', { count });
    if (draft.kind === 'lock')
      return t(draft.active ? 'bike.confirm.lock' : 'bike.confirm.unlock', { count });
    if (draft.kind === 'mode')
      return draft.mode
        ? t('bike.confirm.mode', { count, mode: t(modeKey(draft.mode)) })
        : t('bike.confirm.modeChoose', { count });
    return draft.availability
      ? t('bike.confirm.availability', {
          count,
          availability: t(availabilityKey(draft.availability)),
        })
      : t('bike.confirm.availabilityChoose', { count });
  };

  return (
    <div className={styles.bar} role="region" aria-label={t('bike.selection.actions')}>
      <p className={styles.count} aria-live="polite">
        {t('bike.selection.count', { count })}
      </p>
      {matching > count && (
        <Button variant="ghost" size="sm" onClick={onSelectAll}>
          {t('bike.selection.selectAll', { count: Math.min(matching, limit) })}
        </Button>
      )}
      <div className={styles.actions}>
        {extraActions}
        {commands && (
          <>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => setDraft({ kind: 'lock', active: true })}
            >
              <Lock size={16} aria-hidden="true" />
              {t('bike.selection.lock')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => setDraft({ kind: 'lock', active: false })}
            >
              <LockOpen size={16} aria-hidden="true" />
              {t('bike.selection.unlock')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => setDraft({ kind: 'mode', mode: null })}
            >
              <Radio size={16} aria-hidden="true" />
              {t('bike.selection.mode')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => setDraft({ kind: 'availability', availability: null })}
            >
              <Tag size={16} aria-hidden="true" />
              {t('bike.selection.availability')}
            </Button>
          </>
        )}
        {canRemove && (
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => setDraft({ kind: 'remove' })}
          >
            <Trash2 size={16} aria-hidden="true" />
            {t('bike.selection.remove')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onClear} aria-label={t('bike.selection.clear')}>
          <X size={16} aria-hidden="true" />
        </Button>
      </div>

      <ConfirmDialog
        open={draft !== null}
        onOpenChange={(open) => !open && setDraft(null)}
        title={question()}
        tone={draft?.kind === 'remove' ? 'danger' : 'primary'}
        description={
          draft?.kind === 'remove' ? (
            t('messages.removeBikes')
          ) : draft?.kind === 'availability' ? undefined : (
            <>
              {t('bike.confirm.commandHint')}
              {draft?.kind === 'mode' && draft.mode && SILENT_MODES.includes(draft.mode) && (
                <>
                  <br />
                  <strong>{t('bike.confirm.silentHint')}</strong>
                </>
              )}
            </>
          )
        }
        cancelLabel={t('bike.confirm.cancel')}
        confirmLabel={t('bike.confirm.confirm')}
        confirmDisabled={!ready}
        busy={busy}
        onConfirm={() => {
          if (!ready) return;
          onRun(ready);
          setDraft(null);
        }}
      >
        {draft?.kind === 'mode' && (
          <fieldset className={styles.choices}>
            <legend>{t('bike.confirm.chooseMode')}</legend>
            {IOT_MODES.map((mode) => (
              <label key={mode} className={styles.choice}>
                <input
                  type="radio"
                  name="mode"
                  checked={draft.mode === mode}
                  onChange={() => setDraft({ kind: 'mode', mode })}
                />
                {t(modeKey(mode))}
              </label>
            ))}
          </fieldset>
        )}
        {draft?.kind === 'availability' && (
          <fieldset className={styles.choices}>
            <legend>{t('bike.confirm.chooseAvailability')}</legend>
            {AVAILABILITIES.map((availability) => (
              <label key={availability} className={styles.choice}>
                <input
                  type="radio"
                  name="availability"
                  checked={draft.availability === availability}
                  onChange={() => setDraft({ kind: 'availability', availability })}
                />
                {t(availabilityKey(availability))}
              </label>
            ))}
          </fieldset>
        )}
      </ConfirmDialog>
    </div>
  );
}
