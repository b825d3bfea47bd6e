import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import styles from './filter-chips.module.css';

export interface ChipItem {
  label: string;
  id?: string;
}

export interface FilterChipsProps {
  title: string;
  items: readonly ChipItem[];
  /** label of the clear-all chip */
  clearItems: string;
  onRemove: (item: ChipItem, index: number) => void;
  onClear: () => void;
}

/** SPEC §2 filter chips: a title, removable items and a clear-all chip. */
export function FilterChips({ title, items, clearItems, onRemove, onClear }: FilterChipsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.chips} role="group" aria-label={title}>
      <span className={styles.title} aria-hidden="true">
        {title}
      </span>
      <ul className={styles.list}>
        {items.map((item, index) => (
          <li key={item.id ?? `${item.label}-${index}`} className={styles.chip}>
            <span>{item.label}</span>
            <button
              type="button"
              className={styles.remove}
              onClick={() => onRemove(item, index)}
              aria-label={t('ui.chips.remove', { label: item.label })}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {items.length > 0 && (
        <button type="button" className={styles.clear} onClick={onClear}>
          {clearItems}
        </button>
      )}
    </div>
  );
}
