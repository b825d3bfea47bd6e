// THE bike columns of a list (ADR 0111): the fleet list and the warnings tabs take
// them from here, so a column is written once — its header (bike.list.columns.<id>), the sort it
// stands for (the contract's FLEET_LIST_COLUMNS) and its cell. A list picks the columns it shows,
// in its order, and adds its own (selection, since, figure, alert, actions) with the same
// sortable header.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import {
  FLEET_LIST_COLUMNS,
  type FleetListColumn,
  type FleetListItem,
  type Warning,
  type WarningType,
} from '@vfm/contract';
import { SortHeader } from '../ui/virtual-table/sort-header';
import type { VirtualTableColumn } from '../ui/virtual-table/virtual-table';
import {
  AvailabilityChip,
  BatteryGauge,
  LockMark,
  ModeLabel,
  PendingMark,
  RelativeTime,
  WarningIcons,
} from './bike-display';
import { statusKey } from './labels';
import styles from './bike-display.module.css';

/** A row of a bike list: a fleet list item, or a warned bike (its warnings with their since). */
export type BikeListRow = Omit<FleetListItem, 'warnings' | 'theft'> & {
  warnings: readonly (WarningType | Warning)[];
};

export interface ListSort<Field extends string> {
  field: Field;
  direction: 'asc' | 'desc';
}

/** What a list gives its columns: its sort, and what the cells need. */
export interface BikeListSetup<Field extends string> {
  t: TFunction;
  sort: ListSort<Field>;
  onSortChange(sort: ListSort<Field>): void;
  /** the address of a bike's page */
  bikeHref(vehicleNumber: string): string;
  lowBattery: { bike: number; iot: number };
  /** the lock and pending marks beside the number (the fleet list) */
  lockMarks?: boolean;
}

/** Every bike column, in the fleet list's order (the contract's FLEET_LIST_COLUMNS). */
export const BIKE_LIST_COLUMNS = Object.keys(FLEET_LIST_COLUMNS) as FleetListColumn[];

type Cell = (row: BikeListRow, setup: BikeListSetup<string>) => ReactNode;

/** The cell of each column of the contract's FLEET_LIST_COLUMNS. */
export const BIKE_LIST_CELLS: Record<FleetListColumn, Cell> = {
  vehicleNumber: (row, { bikeHref, lockMarks }) => {
    const link = (
      <Link to={bikeHref(row.vehicleNumber)} className={styles.bikeLink}>
        {row.vehicleNumber}
      </Link>
    );
    return lockMarks ? (
      <span className={styles.bikeIdentity}>
        {link}
        <LockMark bike={row} />
        {row.lockControlPending && <PendingMark />}
      </span>
    ) : (
      link
    );
  },
  bikeCode: (row) => row.bikeCode,
  model: (row) => row.model,
  group: (row) => row.group?.name ?? '—',
  availability: (row) => <AvailabilityChip availability={row.availability} />,
  status: (row, { t }) => t(statusKey(row.status)),
  iotMode: (row) => <ModeLabel mode={row.iotMode} pending={row.modePending} />,
  bikeBatteryLevel: (row, { lowBattery }) => (
    <BatteryGauge level={row.bikeBatteryLevel} low={lowBattery.bike} label="bike.battery.bike" />
  ),
  iotBatteryLevel: (row, { lowBattery }) => (
    <BatteryGauge level={row.iotBatteryLevel} low={lowBattery.iot} label="bike.battery.iot" />
  ),
  lastCommunicationDate: (row) => <RelativeTime iso={row.lastCommunicationDate} short />,
  warnings: (row) => (
    <WarningIcons
      warnings={row.warnings.map((warning) =>
        typeof warning === 'string' ? warning : warning.type,
      )}
    />
  ),
};

/**
 * The header and aria-sort of a column that sorts by `field` (its title a button); without a
 * field, a plain title. A first click sorts ascending — a warning's since descending, newest
 * first —, a second the other way.
 */
export function sortableHeader<Field extends string>(
  label: string,
  field: Field | undefined,
  { t, sort, onSortChange }: Pick<BikeListSetup<Field>, 't' | 'sort' | 'onSortChange'>,
): Pick<VirtualTableColumn<unknown>, 'header' | 'sort'> {
  if (!field) return { header: label };
  const active = sort.field === field;
  return {
    sort: active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none',
    header: (
      <SortHeader
        label={label}
        title={t('bike.list.sortBy', { column: label })}
        direction={active ? sort.direction : null}
        onSort={() =>
          onSortChange({
            field,
            direction: active
              ? sort.direction === 'asc'
                ? 'desc'
                : 'asc'
              : field === 'since'
                ? 'desc'
                : 'asc',
          })
        }
      />
    ),
  };
}

/** A bike column of a list; `sortable: false` shows its title without the sort. */
export function bikeListColumn<Row extends BikeListRow, Field extends string>(
  id: FleetListColumn,
  setup: BikeListSetup<Field>,
  { sortable = true }: { sortable?: boolean } = {},
): VirtualTableColumn<Row> {
  const field = FLEET_LIST_COLUMNS[id] as Field;
  return {
    id,
    ...sortableHeader(setup.t(`bike.list.columns.${id}`), sortable ? field : undefined, setup),
    cell: (row) => BIKE_LIST_CELLS[id](row, setup as BikeListSetup<string>),
  };
}
