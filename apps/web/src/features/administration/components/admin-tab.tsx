// The frame every administration tab shares: a section named for the tab — a card with its
// heading when `heading` is given, else a plain column named by `label` — its intro, its
// toolbar (search, filters, the action that adds), its content and what follows it (a pager,
// the form and confirmation dialogs). Given a query, the content climbs the ladder first
// (loading, error with a retry, empty: ui/query-state). A tab then holds only what is its own.
import type { ReactNode } from 'react';
import {
  QueryState,
  type QueryLike,
  type QueryStateEmpty,
  type QueryStateTexts,
} from '../../../ui/query-state/query-state';
import styles from './administration.module.css';

type Frame = {
  /** a card with this heading (and the id that names the section) */
  heading?: { id: string; text: string; icon?: ReactNode };
  /** the section's name when it has no heading */
  label?: string;
  className?: string;
  intro?: ReactNode;
  toolbar?: ReactNode;
  /** after the content: a pager, the dialogs */
  after?: ReactNode;
};

type Content<T> =
  | { query?: undefined; children: ReactNode }
  | {
      query: QueryLike<T>;
      texts: QueryStateTexts;
      empty?: QueryStateEmpty;
      isEmpty?: (data: T) => boolean;
      children: (data: T) => ReactNode;
    };

export function AdminTab<T>(props: Frame & Content<T>) {
  const { heading, label, intro, toolbar, after } = props;
  const className = [heading ? styles.card : styles.tab, props.className].filter(Boolean).join(' ');
  return (
    <section
      className={className}
      aria-labelledby={heading?.id}
      aria-label={heading ? undefined : label}
    >
      {heading && (
        <h2 id={heading.id} className={styles.cardTitle}>
          {heading.icon}
          {heading.text}
        </h2>
      )}
      {intro && <p className={heading ? styles.hint : styles.muted}>{intro}</p>}
      {toolbar}
      {props.query ? (
        <QueryState
          query={props.query}
          texts={props.texts}
          empty={props.empty}
          isEmpty={props.isEmpty}
        >
          {props.children}
        </QueryState>
      ) : (
        props.children
      )}
      {after}
    </section>
  );
}
