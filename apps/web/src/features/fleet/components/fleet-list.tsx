// The fleet list (issue "fleet screen" §3): one row per bike of the filtered fleet, sorted on the
// server, virtualized (the DOM holds only the rows in view, whatever the fleet size) and read
// page by page as rows come into view. The stream controller updates cached rows in place.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, Bike, SearchX } from 'lucide-react';
import type { FleetFilter, FleetListItem, FleetListSortField } from '@vfm/contract';
import {
  AvailabilityChip,
  BatteryGauge,
  LockMark,
  ModeLabel,
  PendingMark,
  RelativeTime,
  WarningIcons,
} from '../../../bike/bike-display';
import { statusKey } from '../../../bike/labels';
import { Button } from '../../../ui/button/button';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Spinner } from '../../../ui/spinner/spinner';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
import { useFleetListPages } from '../api/get-fleet-list';
import { sortParam, type FleetSort } from '../state/fleet-view';
import styles from './fleet-list.module.css';

export const LIST_PAGE_SIZE = 100;
const HEADER_HEIGHT = 44;

type Column =
  | 'vehicleNumber'
  | 'bikeCode'
  | 'model'
  | 'group'
  | 'availability'
  | 'status'
  | 'iotMode'
  | 'bikeBatteryLevel'
  | 'iotBatteryLevel'
  | 'lastCommunicationDate'
  | 'warnings';

/** The sort each column stands for (warnings: by theft state, the gravest first). */
const SORT_OF: Record<Column, FleetListSortField> = {
  vehicleNumber: 'vehicleNumber',
  bikeCode: 'bikeCode',
  model: 'model',
  group: 'group',
  availability: 'availability',
  status: 'status',
  iotMode: 'iotMode',
  bikeBatteryLevel: 'bikeBatteryLevel',
  iotBatteryLevel: 'iotBatteryLevel',
  lastCommunicationDate: 'lastCommunicationDate',
  warnings: 'theft',
};
const COLUMNS = Object.keys(SORT_OF) as Column[];

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

export function FleetList(props: FleetListProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = mobile ? 72 : 48;

  const base = { ...props.filter, size: LIST_PAGE_SIZE, sort: sortParam(props.sort) };
  // the pages the rows in view fall in (page 0 carries the total)
  const [pagesInView, setPagesInView] = useState<number[]>([0]);
  const { pages, first } = useFleetListPages(base, pagesInView);
  const total = first.data?.totalElements ?? 0;

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // rows on the first paint, before the scroller is measured
    initialRect: { width: 1000, height: 800 },
    scrollMargin: mobile ? 0 : HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const wanted = [...new Set(items.map((item) => Math.floor(item.index / LIST_PAGE_SIZE)))];
  const wantedKey = wanted.join(',');
  useEffect(() => {
    if (wantedKey) setPagesInView(wantedKey.split(',').map(Number));
  }, [wantedKey]);
  const { onTotal } = props;
  useEffect(() => {
    if (first.data) onTotal?.(first.data.totalElements);
  }, [first.data, onTotal]);
  // a new filter or sort starts at the top
  const listKey = JSON.stringify(base);
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [listKey]);

  const rowAt = (index: number): FleetListItem | undefined =>
    pages.get(Math.floor(index / LIST_PAGE_SIZE))?.data?.content[index % LIST_PAGE_SIZE];
  const loadedRows = [...pages.values()].flatMap((page) => page.data?.content ?? []);
  const allShownSelected =
    loadedRows.length > 0 && loadedRows.every((row) => props.selected.has(row.vehicleNumber));

  if (first.isPending) {
    return (
      <div className={styles.state} aria-busy="true">
        <Spinner />
        <span>{t('fleet.list.loading')}</span>
      </div>
    );
  }
  if (first.isError && !first.data) {
    return (
      <div className={styles.state}>
        <InlineAlert>{t('fleet.list.error')}</InlineAlert>
        <Button variant="secondary" onClick={() => void first.refetch()}>
          {t('fleet.list.retry')}
        </Button>
      </div>
    );
  }
  if (total === 0) {
    return props.filtersActive ? (
      <EmptyState icon={<SearchX size={40} />} title={t('fleet.list.empty')}>
        <p>{t('fleet.list.emptyHint')}</p>
      </EmptyState>
    ) : (
      <EmptyState icon={<Bike size={40} />} title={t('fleet.list.emptyFleet')}>
        <p>{t('fleet.list.emptyFleetHint')}</p>
      </EmptyState>
    );
  }

  const header = (column: Column) => {
    const field = SORT_OF[column];
    const active = props.sort.field === field;
    const label = t(`fleet.list.columns.${column}`);
    return (
      <div
        key={column}
        role="columnheader"
        className={styles.headerCell}
        data-column={column}
        aria-sort={active ? (props.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button
          type="button"
          className={styles.sortButton}
          title={t('fleet.list.sortBy', { column: label })}
          onClick={() =>
            props.onSortChange({
              field,
              direction: active && props.sort.direction === 'asc' ? 'desc' : 'asc',
            })
          }
        >
          <span>{label}</span>
          {active &&
            (props.sort.direction === 'asc' ? (
              <ArrowUp size={14} aria-hidden="true" />
            ) : (
              <ArrowDown size={14} aria-hidden="true" />
            ))}
        </button>
      </div>
    );
  };

  const margin = virtualizer.options.scrollMargin;
  return (
    <div ref={scrollRef} className={styles.scroller} data-testid="fleet-list">
      <div
        role="table"
        aria-label={t('fleet.list.label')}
        aria-rowcount={total + 1}
        className={styles.table}
        data-mobile={mobile || undefined}
      >
        <div role="rowgroup" className={styles.head} style={{ height: HEADER_HEIGHT }}>
          <div role="row" aria-rowindex={1} className={styles.row}>
            <div role="columnheader" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label={t('fleet.list.selectShown')}
                checked={allShownSelected}
                onChange={(event) =>
                  props.onSelectMany(
                    loadedRows.map((row) => row.vehicleNumber),
                    event.target.checked,
                  )
                }
              />
            </div>
            {COLUMNS.map(header)}
          </div>
        </div>
        <div role="rowgroup" className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            return (
              <div
                key={row?.vehicleNumber ?? `loading-${item.index}`}
                role="row"
                aria-rowindex={item.index + 2}
                className={styles.row}
                data-selected={(row && props.selected.has(row.vehicleNumber)) || undefined}
                data-highlighted={(row && props.highlighted === row.vehicleNumber) || undefined}
                style={{ height: item.size, transform: `translateY(${item.start - margin}px)` }}
                onMouseEnter={row ? () => props.onHover(row.vehicleNumber) : undefined}
                onMouseLeave={row ? () => props.onHover(null) : undefined}
              >
                {row ? (
                  <FleetRow row={row} {...props} />
                ) : (
                  <div role="cell" className={styles.placeholder}>
                    {t('fleet.list.rowLoading')}
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

function FleetRow({ row, ...props }: { row: FleetListItem } & FleetListProps) {
  const { t } = useTranslation();
  const cell = (column: Column, content: React.ReactNode) => (
    <div role="cell" className={styles.cell} data-column={column}>
      {content}
    </div>
  );
  return (
    <>
      <div role="cell" className={styles.checkCell}>
        <input
          type="checkbox"
          aria-label={t('fleet.list.selectRow', { vehicleNumber: row.vehicleNumber })}
          checked={props.selected.has(row.vehicleNumber)}
          onChange={() => props.onToggle(row.vehicleNumber)}
        />
      </div>
      {cell(
        'vehicleNumber',
        <span className={styles.identity}>
          <Link to={props.bikeHref(row.vehicleNumber)} className={styles.bikeLink}>
            {row.vehicleNumber}
          </Link>
          <LockMark bike={row} />
          {row.lockControlPending && <PendingMark />}
        </span>,
      )}
      {cell('bikeCode', row.bikeCode)}
      {cell('model', row.model)}
      {cell('group', row.group?.name ?? '—')}
      {cell('availability', <AvailabilityChip availability={row.availability} />)}
      {cell('status', t(statusKey(row.status)))}
      {cell('iotMode', <ModeLabel mode={row.iotMode} pending={row.modePending} />)}
      {cell(
        'bikeBatteryLevel',
        <BatteryGauge
          level={row.bikeBatteryLevel}
          low={props.lowBattery.bike}
          label="bike.battery.bike"
        />,
      )}
      {cell(
        'iotBatteryLevel',
        <BatteryGauge
          level={row.iotBatteryLevel}
          low={props.lowBattery.iot}
          label="bike.battery.iot"
        />,
      )}
      {cell('lastCommunicationDate', <RelativeTime iso={row.lastCommunicationDate} />)}
      {cell('warnings', <WarningIcons warnings={row.warnings} />)}
    </>
  );
}
