// A plain, fully rendered table for short lists (histories, self-diagnosis, accounts, activity):
// a visually hidden caption, column headers (optionally sortable through `header`), and on a
// phone each row read as a card whose cells carry their column's name.
import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export interface DataTableColumn<T> {
  /** 'actions': the row's buttons, kept in view at the right edge when the table scrolls sideways */
  id: string;
  /** the column's name: the header and, on a phone, each cell's label */
  label: string;
  /** a header other than the label (e.g. a sort button) */
  header?: ReactNode;
  /** aria-sort of a sortable column */
  sort?: 'ascending' | 'descending' | 'none';
  cell(row: T): ReactNode;
  /** a narrow control column (a checkbox): no label on a phone */
  control?: boolean;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  testId,
  scrolling,
}: {
  caption?: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  rowProps?(row: T): Record<string, string | boolean | undefined>;
  testId?: string;
  /** a long table scrolls inside a bounded height */
  scrolling?: boolean;
}) {
  return (
    <div className={`${styles.wrap} ${scrolling ? styles.scrolling : ''}`}>
      <table className={styles.table} data-testid={testId}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" aria-sort={column.sort} className={classOf(column)}>
                {column.header ?? column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  data-label={column.control ? undefined : column.label}
                  className={classOf(column)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function classOf(column: { id: string; control?: boolean }): string | undefined {
  if (column.control) return styles.control;
  return column.id === 'actions' ? styles.actions : undefined;
}
