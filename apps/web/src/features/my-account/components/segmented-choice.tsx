// A preference chosen among a few values, shown as a row of segments: radio buttons under a
// legend, the preference's name (myAccount.preferences.<name>).
import { useTranslation } from 'react-i18next';
import styles from './my-account.module.css';

export function SegmentedChoice<Value extends string>({
  name,
  options,
  value,
  onChange,
  label,
}: {
  /** the preference, and the radio group's form name */
  name: 'distanceUnit' | 'theme';
  options: readonly Value[];
  value: NoInfer<Value>;
  onChange(value: NoInfer<Value>): void;
  label(option: NoInfer<Value>): string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>{t(`myAccount.preferences.${name}`)}</legend>
      <div className={styles.segmented}>
        {options.map((option) => (
          <label key={option} className={styles.segment}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{label(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
