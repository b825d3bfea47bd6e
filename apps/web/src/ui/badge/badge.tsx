import { useTranslation } from 'react-i18next';
import styles from './badge.module.css';

/** SPEC §2: a red dot when empty, otherwise the number; a wider badge above 9. */
export function Badge({ value, label }: { value?: number | null; label?: string }) {
  const { t } = useTranslation();
  if (value === undefined || value === null) {
    return (
      <span
        className={`${styles.badge} ${styles.dot}`}
        role="img"
        aria-label={label ?? t('ui.badge.new')}
      />
    );
  }
  return (
    <span
      className={`${styles.badge} ${styles.count} ${value > 9 ? styles.wide : ''}`}
      aria-label={label ? `${label}: ${value}` : undefined}
    >
      {value}
    </span>
  );
}
