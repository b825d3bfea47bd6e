// The ladder every screen climbs while it reads the server: loading, then an error with a
// retry, then an empty state saying what to do, and only then the content. One component so
// the screens say it the same way (the same roles: the error is an alert, the loading is busy).
import type { ReactNode } from 'react';
import { TableStatus } from '../virtual-table/table-status';

/** What the ladder needs of a query (TanStack Query's result fits). */
export type QueryLike<T> = {
  isPending: boolean;
  data: T | undefined;
  refetch(): unknown;
};

export type QueryStateTexts = {
  /** said beside the spinner */
  loading: string;
  /** said when the first read failed (a failed refresh keeps the data shown) */
  error: string;
  /** the retry button's label */
  retry: string;
};

export type QueryStateEmpty = {
  icon: ReactNode;
  title: string;
  /** what the user can do about it */
  hint?: string;
};

export function QueryState<T>({
  query,
  texts,
  empty,
  isEmpty,
  children,
}: {
  query: QueryLike<T>;
  texts: QueryStateTexts;
  /** the empty state, shown when `isEmpty` says the data holds nothing */
  empty?: QueryStateEmpty;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <TableStatus kind="loading" text={texts.loading} />;
  const data = query.data;
  if (data === undefined) {
    return (
      <TableStatus
        kind="error"
        text={texts.error}
        retry={texts.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (empty && isEmpty?.(data)) return <TableStatus kind="empty" {...empty} />;
  return <>{children(data)}</>;
}
