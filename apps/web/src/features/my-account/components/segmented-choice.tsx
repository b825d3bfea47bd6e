// One choice among a few, shown as a row of segments: radio buttons under a legend.
import styles from './my-account.module.css';

export function SegmentedChoice<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: string;
  /** the radio group's form name */
  name: string;
  options: readonly Value[];
  value: NoInfer<Value>;
  onChange(value: NoInfer<Value>): void;
  label(option: NoInfer<Value>): string;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>{legend}</legend>
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
