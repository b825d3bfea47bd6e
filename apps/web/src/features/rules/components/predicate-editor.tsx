// One test of a rule's condition in the form (docs/rules.md): its type, then its fields — a
// number, a yes/no, a choice, several choices — as PREDICATE_FIELDS lists them.
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { RulePredicate } from '@vfm/contract';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { useZones } from '../../../zones/api/get-zones';
import { ZoneOptions } from '../../../zones/zone-options';
import {
  newPredicate,
  PREDICATE_FIELDS,
  PREDICATE_TYPES,
  timeZoneChoices,
  type PredicateType,
} from '../state/rule-draft';
import styles from './rules.module.css';

export function PredicateEditor({
  predicate,
  index,
  fixedType,
  readOnly,
  invalid,
  onChange,
  onRemove,
}: {
  predicate: RulePredicate;
  index: number;
  /** a built-in's tests keep their type */
  fixedType: boolean;
  readOnly: boolean;
  /** the fields with a problem */
  invalid: Set<string>;
  onChange(next: RulePredicate): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const zones = useZones(predicate.type === 'inZone');
  const values = predicate as Record<string, unknown>;
  const set = (name: string, value: unknown) =>
    onChange({ ...values, [name]: value } as RulePredicate);
  const id = (name: string) => `rule-test-${index}-${name}`;
  return (
    <fieldset className={styles.test} disabled={readOnly}>
      <legend className={styles.visuallyHidden}>{t('rules.form.test', { n: index + 1 })}</legend>
      <select
        aria-label={t('rules.form.testType')}
        value={predicate.type}
        disabled={fixedType || readOnly}
        onChange={(e) => onChange(newPredicate(e.target.value as PredicateType))}
      >
        {PREDICATE_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`rules.type.${type}`)}
          </option>
        ))}
      </select>
      {PREDICATE_FIELDS[predicate.type].map((spec) => {
        const label =
          spec.input === 'bool' && spec.name === 'value'
            ? t('rules.field.yes')
            : t(`rules.field.${spec.name}` as 'rules.field.value');
        const bad = invalid.has(`condition.all.${index}.${spec.name}`);
        if (spec.input === 'bool')
          return (
            <label key={spec.name} className={styles.check}>
              <input
                type="checkbox"
                checked={Boolean(values[spec.name])}
                onChange={(e) => set(spec.name, e.target.checked)}
              />
              {label}
            </label>
          );
        if (spec.input === 'zone')
          return (
            <label key={spec.name} className={styles.inline} htmlFor={id(spec.name)}>
              <span>{label}</span>
              <select
                id={id(spec.name)}
                aria-invalid={bad || undefined}
                value={String(values[spec.name] ?? '')}
                onChange={(e) => set(spec.name, e.target.value)}
              >
                <option value="">{t('rules.form.chooseZone')}</option>
                <ZoneOptions zones={zones.data?.content} />
              </select>
            </label>
          );
        if (spec.input === 'select')
          return (
            <label key={spec.name} className={styles.inline} htmlFor={id(spec.name)}>
              <span className={styles.visuallyHidden}>{label}</span>
              <select
                id={id(spec.name)}
                value={String(values[spec.name] ?? '')}
                onChange={(e) => set(spec.name, e.target.value)}
              >
                {spec.options.map((option) => (
                  <option key={option} value={option}>
                    {t(`rules.option.${option}` as 'rules.option.le', { defaultValue: option })}
                  </option>
                ))}
              </select>
            </label>
          );
        if (spec.input === 'multi') {
          const chosen = new Set(((values[spec.name] as unknown[]) ?? []).map(String));
          const numeric = predicate.type === 'schedule';
          return (
            <div key={spec.name} className={styles.multi} aria-invalid={bad || undefined}>
              <span>{label}</span>
              {spec.options.map((option) => (
                <label key={option} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={chosen.has(option)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(option);
                      else next.delete(option);
                      const list = [...next].map((v) => (numeric ? Number(v) : v));
                      set(spec.name, list.length || numeric ? list : undefined);
                    }}
                  />
                  {t(`rules.option.${option}` as 'rules.option.le', { defaultValue: option })}
                </label>
              ))}
            </div>
          );
        }
        if (spec.input === 'timeZone')
          return (
            <label key={spec.name} className={styles.inline} htmlFor={id(spec.name)}>
              <span>{label}</span>
              <input
                id={id(spec.name)}
                list={id('time-zones')}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={bad || undefined}
                value={String(values[spec.name] ?? '')}
                onChange={(e) => set(spec.name, e.target.value.trim() || undefined)}
              />
              <datalist id={id('time-zones')}>
                {timeZoneChoices().map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </label>
          );
        return (
          <label key={spec.name} className={styles.inline} htmlFor={id(spec.name)}>
            <span>{label}</span>
            <input
              id={id(spec.name)}
              className={styles.small}
              aria-invalid={bad || undefined}
              type={spec.input === 'number' ? 'number' : 'text'}
              value={String(values[spec.name] ?? '')}
              onChange={(e) =>
                set(
                  spec.name,
                  spec.input === 'number'
                    ? e.target.value === ''
                      ? ''
                      : Number(e.target.value)
                    : e.target.value,
                )
              }
            />
          </label>
        );
      })}
      {!fixedType && !readOnly && (
        <IconButton label={t('rules.form.removeTest')} onClick={onRemove}>
          <Trash2 size={16} aria-hidden="true" />
        </IconButton>
      )}
    </fieldset>
  );
}
