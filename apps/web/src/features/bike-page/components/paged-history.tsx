// A history of the bike read a page at a time, newest first (its events, its cleared alerts):
// while it loads, when it fails (with a retry) or when it is empty, the table's status; else the
// table, then "more" while older pages remain, and the end once they are all read.
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { Button } from '../../../ui/button/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import styles from './bike-page.module.css';

/** What the history reads of its infinite query (useInfiniteQuery's result). */
export interface PagedHistoryQuery<Row> {
  isPending: boolean;
  data: { pages: readonly { content: readonly Row[] }[] } | undefined;
  refetch(): Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export interface PagedHistoryTexts {
  loading: string;
  error: string;
  empty: string;
  caption: string;
  more: string;
  end: string;
}

export function PagedHistory<Row extends { id: string | number }>({
  history,
  texts,
  testId,
  columns,
  rowProps,
  endOfOnePage = false,
}: {
  history: PagedHistoryQuery<Row>;
  texts: PagedHistoryTexts;
  testId: string;
  columns: readonly DataTableColumn<Row>[];
  rowProps?(row: Row): Record<string, string | boolean | undefined>;
  /** the end is said under a first and only page too (else only once "more" was used) */
  endOfOnePage?: boolean;
}) {
  const { t } = useTranslation();
  if (history.isPending) return <TableStatus kind="loading" text={texts.loading} />;
  if (!history.data) {
    return (
      <TableStatus
        kind="error"
        text={texts.error}
        retry={t('bikePage.retry')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const rows = history.data.pages.flatMap((page) => page.content);
  if (!rows.length) {
    return <TableStatus kind="empty" icon={<History size={40} />} title={texts.empty} />;
  }
  return (
    <div className={styles.historyBlock}>
      <DataTable
        caption={texts.caption}
        testId={testId}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={rowProps}
        columns={columns}
      />
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {texts.more}
        </Button>
      ) : (
        (endOfOnePage || history.data.pages.length > 1) && (
          <p className={styles.muted}>{texts.end}</p>
        )
      )}
    </div>
  );
}
