// What a table shows instead of rows: loading, an error with a retry, or nothing to show.
import type { ReactNode } from 'react';
import { InlineAlert } from '../alert/inline-alert';
import { Button } from '../button/button';
import { EmptyState } from '../empty-state/empty-state';
import { Spinner } from '../spinner/spinner';
import styles from './table-status.module.css';

export type TableStatusProps =
  | { kind: 'loading'; text: string }
  | { kind: 'error'; text: string; retry: string; onRetry(): void }
  | { kind: 'empty'; icon: ReactNode; title: string; hint?: string };

export function TableStatus(props: TableStatusProps) {
  if (props.kind === 'empty') {
    return (
      <EmptyState icon={props.icon} title={props.title}>
        {props.hint && <p>{props.hint}</p>}
      </EmptyState>
    );
  }
  if (props.kind === 'error') {
    return (
      <div className={styles.state}>
        <InlineAlert>{props.text}</InlineAlert>
        <Button variant="secondary" onClick={props.onRetry}>
          {props.retry}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.state} aria-busy="true">
      <Spinner />
      <span>{props.text}</span>
    </div>
  );
}
