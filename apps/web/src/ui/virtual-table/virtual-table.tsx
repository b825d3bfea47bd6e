// A table of any number of rows of which only those in view are in the DOM (docs/web.md: fewer than 100 DOM rows whatever the fleet size). Rows come by index from the
// caller, who loads the pages the visible range falls in; a row not loaded yet shows a
// placeholder. Columns are the caller's: a grid over `--columns` set by its className.
import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import styles from './virtual-table.module.css';

export interface VirtualTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  sort?: 'ascending' | 'descending' | 'none';
  /** a narrow column of controls (checkboxes), centred */
  control?: boolean;
}

export interface VirtualTableProps<Row> {
  label: string;
  total: number;
  rowAt(index: number): Row | undefined;
  rowKey(row: Row): string;
  columns: readonly VirtualTableColumn<Row>[];
  rowHeight: number;
  /** rows as cards (phone): no header row; the caller's CSS places the cells */
  compact?: boolean;
  className?: string;
  /** told the first and last index in view (with overscan) after each change */
  onRangeChange(first: number, last: number): void;
  /** a new value scrolls back to the top (a new filter or sort) */
  resetKey: string;
  isSelected?(row: Row): boolean;
  isHighlighted?(row: Row): boolean;
  onHover?(row: Row | null): void;
  placeholder: ReactNode;
  testId?: string;
}

const HEADER_HEIGHT = 44;

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const margin = props.compact ? 0 : HEADER_HEIGHT;
  const virtualizer = useVirtualizer({
    count: props.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => props.rowHeight,
    overscan: 8,
    scrollMargin: margin,
    // rows on the first paint, before the scroller is measured
    initialRect: { width: 1000, height: 800 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { onRangeChange, resetKey } = props;
  useEffect(() => onRangeChange(first, last), [first, last, onRangeChange]);
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  const cells = (row: Row) =>
    props.columns.map((column) => (
      <div
        key={column.id}
        role="cell"
        className={column.control ? styles.control : styles.cell}
        data-column={column.id}
      >
        {column.cell(row)}
      </div>
    ));

  return (
    <div ref={scrollRef} className={styles.scroller} data-testid={props.testId}>
      <div
        role="table"
        aria-label={props.label}
        aria-rowcount={props.total + 1}
        className={`${styles.table} ${props.className ?? ''}`}
        data-compact={props.compact || undefined}
      >
        <div role="rowgroup" className={styles.head} style={{ height: HEADER_HEIGHT }}>
          <div role="row" aria-rowindex={1} className={styles.row}>
            {props.columns.map((column) => (
              <div
                key={column.id}
                role="columnheader"
                aria-sort={column.sort}
                className={column.control ? styles.control : styles.headerCell}
                data-column={column.id}
              >
                {column.header}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = props.rowAt(item.index);
            return (
              <div
                key={row ? props.rowKey(row) : `loading-${item.index}`}
                role="row"
                aria-rowindex={item.index + 2}
                className={styles.row}
                data-selected={(row && props.isSelected?.(row)) || undefined}
                data-highlighted={(row && props.isHighlighted?.(row)) || undefined}
                style={{ height: item.size, transform: `translateY(${item.start - margin}px)` }}
                onMouseEnter={row && props.onHover ? () => props.onHover?.(row) : undefined}
                onMouseLeave={row && props.onHover ? () => props.onHover?.(null) : undefined}
              >
                {row ? (
                  cells(row)
                ) : (
                  <div role="cell" className={styles.placeholder}>
                    {props.placeholder}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The pages of `pageSize` rows that the indexes first…last fall in. */
export function pagesOf(first: number, last: number, pageSize: number): number[] {
  const pages: number[] = [];
  for (let page = Math.floor(first / pageSize); page <= Math.floor(last / pageSize); page += 1) {
    pages.push(page);
  }
  return pages;
}
