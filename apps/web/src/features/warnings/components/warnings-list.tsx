// The bikes of one warnings tab (docs/web.md): virtualized, read page by page from
// products/warnings (newest warning first, or the column the user sorts by), with the figure
// that triggered the warning and the theft actions where they belong; in a tab of one kind, the
// bike's alert of that kind with its state and actions (docs/web.md). The bike columns (number,
// model, group, warnings, availability) are bike/list-columns'. A row's number opens the bike page.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { WarnedBike, WarningType, WarningsSortField } from '@vfm/contract';
import { BikeAlert } from '../../../alerts/bike-alert';
import { RelativeTime } from '../../../bike/bike-display';
import {
  bikeListColumn,
  sortableHeader,
  type BikeListSetup,
  type ListSort,
} from '../../../bike/list-columns';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
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
import { bikePath } from '../../../bike/bike-path';

const PAGE_SIZE = 100;

export type WarningsSort = ListSort<WarningsSortField>;

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
  const setup: BikeListSetup<WarningsSortField> = {
    t,
    sort,
    onSortChange,
    bikeHref: bikePath,
    lowBattery,
  };
  const bikeColumn = (id: Parameters<typeof bikeListColumn>[0], sortable = true) =>
    bikeListColumn<WarnedBike, WarningsSortField>(id, setup, { sortable });
  const header = (id: keyof typeof COLUMN_KEYS) => t(COLUMN_KEYS[id]);
  /** a column of this list that sorts by `field` */
  const sortable = (id: keyof typeof COLUMN_KEYS, field: WarningsSortField | undefined) =>
    sortableHeader(header(id), field, setup);
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
    bikeColumn('vehicleNumber'),
    bikeColumn('model'),
    bikeColumn('group'),
    bikeColumn('warnings', false),
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
    bikeColumn('availability'),
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

/** The list's own columns (its bike columns are bike/list-columns'). */
const COLUMN_KEYS = {
  since: 'warnings.list.columns.since',
  figure: 'warnings.list.columns.figure',
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
