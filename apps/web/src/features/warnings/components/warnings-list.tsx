// The bikes of one warnings tab (issue "warnings" §1): virtualized, read page by page from
// products/warnings (newest warning first, or the column the user sorts by), with the figure that triggered the warning and
// the theft actions where they belong; in a tab of one kind, the bike's alert of that kind with
// its state and actions (issue 20 §5). A row's number opens the bike page.
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { WarnedBike, WarningType, WarningsSortField } from '@vfm/contract';
import { BikeAlert } from '../../../alerts/bike-alert';
import { AvailabilityChip, RelativeTime, WarningIcons } from '../../../bike/bike-display';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
import { SortHeader } from '../../../ui/virtual-table/sort-header';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import {
  VirtualTable,
  pagesOf,
  type VirtualTableColumn,
} from '../../../ui/virtual-table/virtual-table';
import { useWarningPages } from '../api/get-warnings';
import { TheftActionButton } from './theft-action-button';
import { WarningFigure } from './warning-figure';
import styles from './warnings-list.module.css';

const PAGE_SIZE = 100;

export interface WarningsSort {
  field: WarningsSortField;
  direction: 'asc' | 'desc';
}

/** The order of a tab when the user chose none: newest warning first, "all" by number. */
export const defaultWarningsSort = (type: WarningType | null): WarningsSort =>
  type ? { field: 'since', direction: 'desc' } : { field: 'vehicleNumber', direction: 'asc' };

/** The figure column sorts by the value it shows (thefts show no sortable figure). */
const FIGURE_SORT: Partial<Record<WarningType, WarningsSortField>> = {
  LACK_MODULE_COMM: 'lastCommunicationDate',
  LOW_VEHICLE_BATTERY: 'bikeBatteryLevel',
  LOW_MODULE_BATTERY: 'iotBatteryLevel',
};

/** When the tab's warning began (in "all": the most recent of the bike's warnings). */
function sinceOf(bike: WarnedBike, type: WarningType | null): string | null {
  const times = bike.warnings
    .filter((warning) => !type || warning.type === type)
    .map((warning) => warning.since)
    .filter((since): since is string => Boolean(since))
    .sort();
  return times[times.length - 1] ?? null;
}

export function WarningsList({
  type,
  sort,
  onSortChange,
  selected,
  onToggle,
  onSelectMany,
  lowBattery,
}: {
  type: WarningType | null;
  sort: WarningsSort;
  onSortChange(sort: WarningsSort): void;
  selected: ReadonlySet<string>;
  onToggle(vehicleNumber: string): void;
  onSelectMany(vehicleNumbers: string[], selected: boolean): void;
  lowBattery: { bike: number; iot: number };
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [pagesInView, setPagesInView] = useState<number[]>([0]);
  const { pages, first } = useWarningPages(
    type,
    `${sort.field},${sort.direction}`,
    PAGE_SIZE,
    pagesInView,
  );
  const onRangeChange = useCallback((from: number, to: number) => {
    const next = pagesOf(from, to, PAGE_SIZE);
    setPagesInView((current) => (current.join() === next.join() ? current : next));
  }, []);
  const total = first.data?.totalElements ?? 0;

  if (first.isPending) return <TableStatus kind="loading" text={t('warnings.list.loading')} />;
  if (first.isError && !first.data) {
    return (
      <TableStatus
        kind="error"
        text={t('warnings.list.error')}
        retry={t('warnings.list.retry')}
        onRetry={() => void first.refetch()}
      />
    );
  }
  if (total === 0) {
    return (
      <TableStatus
        kind="empty"
        icon={<ShieldCheck size={40} />}
        title={type ? t('warnings.list.empty') : t('warnings.list.emptyAll')}
      />
    );
  }

  // theft actions belong to the theft tabs and to "all"
  const withActions = !type || type === 'REPORTED_THEFT' || type === 'SUSPECTED_THEFT';
  const loaded = [...pages.values()].flatMap((page) => page.data?.content ?? []);
  const header = (id: keyof typeof COLUMN_KEYS) => t(COLUMN_KEYS[id]);
  /** a column that sorts by `field` (its title a button, its aria-sort the current order) */
  const sortable = (
    id: keyof typeof COLUMN_KEYS,
    field: WarningsSortField | undefined,
  ): Pick<VirtualTableColumn<WarnedBike>, 'header' | 'sort'> => {
    if (!field) return { header: header(id) };
    const active = sort.field === field;
    return {
      sort: active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none',
      header: (
        <SortHeader
          label={header(id)}
          title={t('fleet.list.sortBy', { column: header(id) })}
          direction={active ? sort.direction : null}
          onSort={() =>
            onSortChange({
              field,
              // a date or a level is first wanted newest / lowest: desc for since, asc else
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
  };
  const columns: VirtualTableColumn<WarnedBike>[] = [
    {
      id: 'select',
      control: true,
      header: (
        <input
          type="checkbox"
          aria-label={t('warnings.list.selectShown')}
          checked={loaded.length > 0 && loaded.every((bike) => selected.has(bike.vehicleNumber))}
          onChange={(event) =>
            onSelectMany(
              loaded.map((bike) => bike.vehicleNumber),
              event.target.checked,
            )
          }
        />
      ),
      cell: (bike) => (
        <input
          type="checkbox"
          aria-label={t('warnings.list.selectRow', { vehicleNumber: bike.vehicleNumber })}
          checked={selected.has(bike.vehicleNumber)}
          onChange={() => onToggle(bike.vehicleNumber)}
        />
      ),
    },
    {
      id: 'vehicleNumber',
      ...sortable('vehicleNumber', 'vehicleNumber'),
      cell: (bike) => (
        <Link
          to={`/fleet/product/${encodeURIComponent(bike.vehicleNumber)}`}
          className={styles.bikeLink}
        >
          {bike.vehicleNumber}
        </Link>
      ),
    },
    { id: 'model', ...sortable('model', 'model'), cell: (bike) => bike.model },
    { id: 'group', ...sortable('group', 'group'), cell: (bike) => bike.group?.name ?? '—' },
    {
      id: 'warnings',
      header: header('warnings'),
      cell: (bike) => <WarningIcons warnings={bike.warnings.map((warning) => warning.type)} />,
    },
    {
      id: 'since',
      ...sortable('since', 'since'),
      cell: (bike) => <RelativeTime iso={sinceOf(bike, type)} short />,
    },
    ...(type
      ? [
          {
            id: 'figure',
            ...sortable('figure', FIGURE_SORT[type]),
            cell: (bike: WarnedBike) => (
              <WarningFigure bike={bike} type={type} lowBattery={lowBattery} />
            ),
          },
        ]
      : []),
    {
      id: 'availability',
      ...sortable('availability', 'availability'),
      cell: (bike) => <AvailabilityChip availability={bike.availability} />,
    },
    ...(type
      ? [
          {
            id: 'alert',
            header: header('alert'),
            cell: (bike: WarnedBike) => (
              <BikeAlert vehicleNumber={bike.vehicleNumber} kind={type} />
            ),
          },
        ]
      : []),
    ...(withActions
      ? [
          {
            id: 'actions',
            header: header('actions'),
            cell: (bike: WarnedBike) => <TheftActions bike={bike} />,
          },
        ]
      : []),
  ];

  return (
    <VirtualTable
      label={type ? t(`bike.warning.${type}`) : t('warnings.tabs.all')}
      total={total}
      rowAt={(index) => pages.get(Math.floor(index / PAGE_SIZE))?.data?.content[index % PAGE_SIZE]}
      rowKey={(bike) => bike.vehicleNumber}
      columns={columns}
      rowHeight={mobile ? (withActions ? 112 : 72) + (type ? 40 : 0) : type ? 56 : 52}
      compact={mobile}
      className={!type ? styles.all : withActions ? styles.typed : styles.figureOnly}
      onRangeChange={onRangeChange}
      resetKey={`${type ?? 'all'}:${sort.field},${sort.direction}`}
      isSelected={(bike) => selected.has(bike.vehicleNumber)}
      placeholder={t('warnings.list.rowLoading')}
      testId="warnings-list"
    />
  );
}

const COLUMN_KEYS = {
  vehicleNumber: 'warnings.list.columns.vehicleNumber',
  model: 'warnings.list.columns.model',
  group: 'warnings.list.columns.group',
  warnings: 'warnings.list.columns.warnings',
  since: 'warnings.list.columns.since',
  figure: 'warnings.list.columns.figure',
  availability: 'warnings.list.columns.availability',
  alert: 'warnings.list.columns.alert',
  actions: 'warnings.list.columns.actions',
} as const;

/** Theft actions where they belong: a suspicion is acknowledged or reported, a theft cancelled. */
function TheftActions({ bike }: { bike: WarnedBike }) {
  if (bike.theft.state === 'SUSPECTED') {
    return (
      <span className={styles.actions}>
        <TheftActionButton vehicleNumber={bike.vehicleNumber} action="acknowledge" />
        <TheftActionButton vehicleNumber={bike.vehicleNumber} action="report" />
      </span>
    );
  }
  if (bike.theft.state === 'REPORTED') {
    return <TheftActionButton vehicleNumber={bike.vehicleNumber} action="cancel" />;
  }
  return null;
}
