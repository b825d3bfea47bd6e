// A zone's properties (docs/zones.md): name, type, colour, the slow zone's speed, the permit
// caps, the active hours — editable by managers, read-only otherwise. The shape is drawn on
// the map; the form says whether there is one. Saving and deleting are the page's.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WEEKDAYS,
  ZONE_TYPES,
  ZONE_DEFAULT_COLOURS,
  ZONE_TYPE_RULES,
  polygonsOf,
  type ZoneType,
} from '@vfm/contract';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/field/text-field';
import { AUTO_COMMAND_TYPES, type DraftProblem, type ZoneDraft } from '../state/zone-draft';
import styles from './zones.module.css';

/** the marks whose zones send commands (the contract's ZONE_TYPE_RULES): the hint says which */
type AutoCommandMark = 'SERVICE' | 'NO_RIDE' | 'SPEED';

export interface ZoneFormProps {
  draft: ZoneDraft;
  editable: boolean;
  /** the problems to show (after a first attempt to save) */
  problems: ReadonlySet<DraftProblem>;
  busy: boolean;
  updatedBy: string | null;
  onChange(draft: ZoneDraft): void;
  onSave(): void;
  onDelete(): void;
  onRedraw(): void;
  onClose(): void;
}

export function ZoneForm(props: ZoneFormProps) {
  const { t } = useTranslation();
  const { draft, editable, problems } = props;
  const set = (change: Partial<ZoneDraft>) => props.onChange({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
  };
  const corners = draft.geometry
    ? polygonsOf(draft.geometry).reduce((sum, rings) => sum + (rings[0]?.length ?? 1) - 1, 0)
    : 0;
  const setType = (type: ZoneType) =>
    set({
      type,
      // a colour left at its type's default follows the new type
      colour:
        draft.colour === ZONE_DEFAULT_COLOURS[draft.type]
          ? ZONE_DEFAULT_COLOURS[type]
          : draft.colour,
    });

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="zone-form-title" noValidate>
      <div className={styles.formHead}>
        <h2 id="zone-form-title" className={styles.formTitle}>
          {draft.id ? t('zones.form.editTitle') : t('zones.form.newTitle')}
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={props.onClose}>
          {t('zones.form.cancel')}
        </Button>
      </div>
      <fieldset className={styles.fields} disabled={!editable || props.busy}>
        <TextField
          label={t('zones.form.name')}
          value={draft.name}
          maxLength={100}
          onChange={(event) => set({ name: event.target.value })}
          error={problems.has('name') ? t('zones.form.nameError') : undefined}
          autoComplete="off"
        />
        <div className={styles.row}>
          <label className={styles.select}>
            {t('zones.form.type')}
            <select
              value={draft.type}
              onChange={(event) => setType(event.target.value as ZoneType)}
            >
              {ZONE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`zones.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.colour}>
            {t('zones.form.colour')}
            <input
              type="color"
              value={draft.colour}
              onChange={(event) => set({ colour: event.target.value })}
            />
          </label>
        </div>
        {ZONE_TYPE_RULES[draft.type].speedLimit && (
          <TextField
            label={t('zones.form.maxSpeed')}
            inputMode="numeric"
            value={draft.maxSpeedKmh}
            onChange={(event) => set({ maxSpeedKmh: event.target.value })}
            error={problems.has('maxSpeedKmh') ? t('zones.form.maxSpeedError') : undefined}
          />
        )}
        <div className={styles.row}>
          <TextField
            label={t('zones.form.minBikes')}
            inputMode="numeric"
            value={draft.minBikes}
            onChange={(event) => set({ minBikes: event.target.value })}
          />
          <TextField
            label={t('zones.form.maxBikes')}
            inputMode="numeric"
            value={draft.maxBikes}
            onChange={(event) => set({ maxBikes: event.target.value })}
          />
        </div>
        <p className={problems.has('bikes') ? styles.error : styles.hint}>
          {problems.has('bikes') ? t('zones.form.bikesError') : t('zones.form.capsHint')}
        </p>
        {AUTO_COMMAND_TYPES.includes(draft.type) && (
          <div>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.autoCommands}
                aria-describedby="zone-auto-commands-hint"
                onChange={(event) => set({ autoCommands: event.target.checked })}
              />
              {t('zones.form.autoCommands')}
            </label>
            <p id="zone-auto-commands-hint" className={styles.hint}>
              {t(
                `zones.form.autoCommandsHint.${ZONE_TYPE_RULES[draft.type].mark as AutoCommandMark}`,
              )}
            </p>
          </div>
        )}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.hoursOn}
            onChange={(event) => set({ hoursOn: event.target.checked })}
          />
          {t('zones.form.hoursOn')}
        </label>
        {draft.hoursOn && <Hours draft={draft} set={set} invalid={problems.has('hours')} />}
      </fieldset>
      <p className={problems.has('geometry') ? styles.error : styles.hint} data-testid="zone-shape">
        {draft.geometry
          ? t('zones.form.shapeReady', { count: corners })
          : t('zones.form.shapeMissing')}
      </p>
      {props.updatedBy && (
        <p className={styles.hint}>{t('zones.form.updatedBy', { who: props.updatedBy })}</p>
      )}
      {editable && (
        <div className={styles.actions}>
          <Button type="submit" disabled={props.busy}>
            {t('zones.form.save')}
          </Button>
          {draft.geometry?.type !== 'MultiPolygon' && (
            <Button
              type="button"
              variant="secondary"
              onClick={props.onRedraw}
              disabled={props.busy}
            >
              {t('zones.form.redraw')}
            </Button>
          )}
          {draft.id && (
            <Button type="button" variant="danger" onClick={props.onDelete} disabled={props.busy}>
              {t('zones.form.delete')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}

function Hours({
  draft,
  set,
  invalid,
}: {
  draft: ZoneDraft;
  set(change: Partial<ZoneDraft>): void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const toggle = (day: (typeof WEEKDAYS)[number]) =>
    set({
      days: draft.days.includes(day) ? draft.days.filter((d) => d !== day) : [...draft.days, day],
    });
  return (
    <div className={styles.hours}>
      <div className={styles.row}>
        <TextField
          label={t('zones.form.from')}
          type="time"
          value={draft.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <TextField
          label={t('zones.form.to')}
          type="time"
          value={draft.to}
          onChange={(event) => set({ to: event.target.value })}
        />
      </div>
      <fieldset className={styles.days}>
        <legend>{t('zones.form.days')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className={styles.day}>
            <input
              type="checkbox"
              checked={draft.days.includes(day)}
              onChange={() => toggle(day)}
            />
            {t(`zones.days.${day}`)}
          </label>
        ))}
      </fieldset>
      <p className={invalid ? styles.error : styles.hint}>
        {invalid ? t('zones.form.hoursError') : t('zones.form.timeZone', { zone: draft.timeZone })}
      </p>
    </div>
  );
}
