import { ArrowDown, ArrowUp } from 'lucide-react';
import styles from './sort-header.module.css';

/** A column title that sorts by its column; the arrow shows the current direction. */
export function SortHeader({
  label,
  title,
  direction,
  onSort,
}: {
  label: string;
  /** the button's tooltip ("Sort by …") */
  title: string;
  direction: 'asc' | 'desc' | null;
  onSort(): void;
}) {
  return (
    <button type="button" className={styles.sort} title={title} onClick={onSort}>
      <span>{label}</span>
      {direction === 'asc' && <ArrowUp size={14} aria-hidden="true" />}
      {direction === 'desc' && <ArrowDown size={14} aria-hidden="true" />}
    </button>
  );
}
