// The fleet list (docs/web.md): one row per bike of the filtered fleet, sorted on the
// server, virtualized, read page by page as rows come into view. The stream controller updates
// cached rows in place.
import { memo, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bike, SearchX } from 'lucide-react';
import type { FleetFilter, FleetListItem } from '@vfm/contract';
import { BIKE_LIST_COLUMNS, bikeListColumn, type BikeListSetup } from '../../../bike/list-columns';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import {
  VirtualTable,
  pagesOf,
  type VirtualTableColumn,
} from '../../../ui/virtual-table/virtual-table';
import { useFleetListPages } from '../api/get-fleet-list';
import { sortParam, type FleetSort } from '../state/fleet-view';
import styles from './fleet-list.module.css';

export const LIST_PAGE_SIZE = 100;

export interface FleetListProps {
  filter: FleetFilter;
  sort: FleetSort;
  onSortChange(sort: FleetSort): void;
  filtersActive: boolean;
  selected: ReadonlySet<string>;
  onToggle(vehicleNumber: string): void;
  onSelectMany(vehicleNumbers: string[], selected: boolean): void;
  highlighted: string | null;
  onHover(vehicleNumber: string | null): void;
  lowBattery: { bike: number; iot: number };
  /** the address of a bike's page */
  bikeHref(vehicleNumber: string): string;
  /** told the number of bikes matching the filters */
  onTotal?(total: number): void;
}

/** Renders again only when its props change (the page's other answers leave it be). */
export const FleetList = memo(function FleetList(props: FleetListProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const base = { ...props.filter, size: LIST_PAGE_SIZE, sort: sortParam(props.sort) };
  const [pagesInView, setPagesInView] = useState<number[]>([0]);
  const { pages, first } = useFleetListPages(base, pagesInView);
  const total = first.data?.totalElements ?? 0;
  const { onTotal } = props;
  useEffect(() => {
    if (first.data) onTotal?.(first.data.totalElements);
  }, [first.data, onTotal]);
  const onRangeChange = useCallback((from: number, to: number) => {
    const next = pagesOf(from, to, LIST_PAGE_SIZE);
    setPagesInView((current) => (current.join() === next.join() ? current : next));
  }, []);

  if (first.isPending) return <TableStatus kind="loading" text={t('fleet.list.loading')} />;
  if (first.isError && !first.data) {
    return (
      <TableStatus
        kind="error"
        text={t('fleet.list.error')}
        retry={t('fleet.list.retry')}
        onRetry={() => void first.refetch()}
      />
    );
  }
  if (total === 0) {
    return props.filtersActive ? (
      <TableStatus
        kind="empty"
        icon={<SearchX size={40} />}
        title={t('fleet.list.empty')}
        hint={t('fleet.list.emptyHint')}
      />
    ) : (
      <TableStatus
        kind="empty"
        icon={<Bike size={40} />}
        title={t('fleet.list.emptyFleet')}
        hint={t('fleet.list.emptyFleetHint')}
      />
    );
  }

  const loaded = [...pages.values()].flatMap((page) => page.data?.content ?? []);
  const allShownSelected =
    loaded.length > 0 && loaded.every((row) => props.selected.has(row.vehicleNumber));
  const setup: BikeListSetup<FleetSort['field']> = {
    t,
    sort: props.sort,
    onSortChange: props.onSortChange,
    bikeHref: props.bikeHref,
    lowBattery: props.lowBattery,
    lockMarks: true,
  };

  const columns: VirtualTableColumn<FleetListItem>[] = [
    {
      id: 'select',
      control: true,
      header: (
        <input
          type="checkbox"
          aria-label={t('fleet.list.selectShown')}
          checked={allShownSelected}
          onChange={(event) =>
            props.onSelectMany(
              loaded.map((row) => row.vehicleNumber),
              event.target.checked,
            )
          }
        />
      ),
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={t('fleet.list.selectRow', { vehicleNumber: row.vehicleNumber })}
          checked={props.selected.has(row.vehicleNumber)}
          onChange={() => props.onToggle(row.vehicleNumber)}
        />
      ),
    },
    // every bike column, in the contract's order (DESIGN §5)
    ...BIKE_LIST_COLUMNS.map((id) => bikeListColumn<FleetListItem, FleetSort['field']>(id, setup)),
  ];

  return (
    <VirtualTable
      label={t('fleet.list.label')}
      total={total}
      rowAt={(index) =>
        pages.get(Math.floor(index / LIST_PAGE_SIZE))?.data?.content[index % LIST_PAGE_SIZE]
      }
      rowKey={(row) => row.vehicleNumber}
      columns={columns}
      rowHeight={mobile ? 72 : 48}
      compact={mobile}
      className={styles.fleet}
      onRangeChange={onRangeChange}
      resetKey={JSON.stringify(base)}
      isSelected={(row) => props.selected.has(row.vehicleNumber)}
      isHighlighted={(row) => props.highlighted === row.vehicleNumber}
      onHover={(row) => props.onHover(row?.vehicleNumber ?? null)}
      placeholder={t('fleet.list.rowLoading')}
      testId="fleet-list"
    />
  );
});
