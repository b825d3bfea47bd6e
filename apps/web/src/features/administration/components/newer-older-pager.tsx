// The pager of the administration's newest-first lists (activity, quarantine, failed jobs):
// Newer, "51–100 of 230", Older. The list's own wording comes in, so each reads in its own terms.
import { Button } from '../../../ui/button/button';
import styles from './administration.module.css';

export interface NewerOlderPagerProps {
  /** the accessible name of the list it pages */
  label: string;
  page: number;
  size: number;
  /** rows on this page */
  shown: number;
  total: number;
  onPage(page: number): void;
  newer: string;
  older: string;
  summary(range: { from: number; to: number; total: number }): string;
}

export function NewerOlderPager(props: NewerOlderPagerProps) {
  const { page, size, shown, total, onPage } = props;
  return (
    <nav className={styles.pager} aria-label={props.label}>
      <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {props.newer}
      </Button>
      <span className={styles.muted}>
        {props.summary({ from: page * size + 1, to: page * size + shown, total })}
      </span>
      <Button
        size="sm"
        variant="secondary"
        disabled={(page + 1) * size >= total}
        onClick={() => onPage(page + 1)}
      >
        {props.older}
      </Button>
    </nav>
  );
}
