// SPEC §2 fleet, the home page of users and admins (DESIGN §8): map and list of the fleet side
// by side (the list alone below 600 px, with a Map/List switch), a summary strip, filters as
// chips, multi-select with bulk actions, CSV exports. The view lives in the address; live
// changes arrive through the app's stream controller.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardPlus, List, Map as MapIcon, Search, Siren } from 'lucide-react';
import { BULK_LIMIT, PAGE_SIZE_MAX } from '@vfm/contract/constants';
import type { FleetListPage } from '@vfm/contract';
import { useLiveStatus } from '../../../live/live-context';
import { prefetchMap } from '../../../map/prefetch';
import { useServices, useSession } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
import { Spinner } from '../../../ui/spinner/spinner';
import { useBulkRunner } from '../../../bike/bulk-actions';
import { useBikeSelection } from '../../../bike/use-bike-selection';
import { getFleetListPage } from '../api/get-fleet-list';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import { useZones } from '../../../zones/api/get-zones';
import { useFleetInformation, useLowBatteryThresholds } from '../../../live/use-fleet-information';
import { ActiveFilters } from '../components/active-filters';
import { ExportMenu } from '../components/export-menu';
import { FilterPanel } from '../components/filter-panel';
import { FleetList } from '../components/fleet-list';
import { SelectionBar } from '../../../bike/selection-bar';
import { TaskCreateDialog } from '../../../tasks/task-create-dialog';
import { SplitView } from '../components/split-view';
import { SummaryStrip } from '../components/summary-strip';
import {
  activeFilterCount,
  fleetFilterOf,
  fleetViewSearch,
  parseFleetView,
  sortParam,
  type FleetView,
} from '../state/fleet-view';
import styles from './fleet-page.module.css';
import { bikePath } from '../../../bike/bike-path';

const FleetMapPane = lazy(() => import('../components/fleet-map-pane'));

// the bike page's back button (history back) returns to this very view: it is in the address

export function FleetPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.fleet'));
  const { http, toasts, queryClient } = useServices();
  const session = useSession();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const view = useMemo(() => parseFleetView(searchParams), [searchParams]);
  const filter = useMemo(() => fleetFilterOf(view), [view]);

  // the map's code, settings and markers load alongside the list, not after it
  const showsMap = !mobile || view.show === 'map';
  const [prefetchedFor] = useState(() => ({ ...filter, theftsOnly: view.thefts }));
  useEffect(() => {
    if (showsMap) prefetchMap(http, queryClient, prefetchedFor);
  }, [showsMap, http, queryClient, prefetchedFor]);

  const information = useFleetInformation();
  const groups = useFleetGroups();
  const zones = useZones();
  const lowBattery = useLowBatteryThresholds();

  /** every change of the view is a history entry: Back undoes a filter */
  const changeView = useCallback(
    (next: FleetView, replace = false) => {
      void navigate({ search: fleetViewSearch(next) }, { replace });
    },
    [navigate],
  );

  // the text filter follows the typing, a moment later
  const [text, setText] = useState(view.q);
  useEffect(() => setText(view.q), [view.q]);
  useEffect(() => {
    if (text === view.q) return;
    const timer = setTimeout(() => changeView({ ...view, q: text }, true), 300);
    return () => clearTimeout(timer);
  }, [text, view, changeView]);

  const { selected, toggle, selectMany, replace, clear } = useBikeSelection();
  // docs/tasks.md: a task for each selected bike
  const [taskFor, setTaskFor] = useState<string[] | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [matching, setMatching] = useState(0);
  const bulk = useBulkRunner();

  const selectAllMatching = async () => {
    const wanted = Math.min(matching, BULK_LIMIT);
    const size = Math.min(PAGE_SIZE_MAX, wanted);
    const numbers: string[] = [];
    for (let page = 0; numbers.length < wanted; page += 1) {
      const answer: FleetListPage = await getFleetListPage(http, {
        ...filter,
        page,
        size,
        sort: sortParam(view.sort),
      });
      numbers.push(...answer.content.map((row) => row.vehicleNumber));
      if (answer.content.length < size) break;
    }
    replace(numbers.slice(0, wanted));
    if (matching > BULK_LIMIT) {
      toasts.show({ type: 'info', message: t('bike.selection.tooMany', { limit: BULK_LIMIT }) });
    }
  };

  // the list and the map render again only when what they show changes, not at each answer
  // of the page's other calls (the counts, groups, zones: docs/performance.md)
  const onSortChange = useCallback(
    (sort: FleetView['sort']) => changeView({ ...view, sort }),
    [changeView, view],
  );
  const onBoxSelect = useCallback((vns: string[]) => selectMany(vns, true), [selectMany]);
  const onFocus = useCallback(
    (bike: string | null) => changeView({ ...view, bike }, true),
    [changeView, view],
  );
  const onOpenBike = useCallback((vn: string) => void navigate(bikePath(vn)), [navigate]);

  const list = (
    <FleetList
      filter={filter}
      sort={view.sort}
      onSortChange={onSortChange}
      filtersActive={activeFilterCount(view) > 0}
      selected={selected}
      onToggle={toggle}
      onSelectMany={selectMany}
      highlighted={highlighted}
      onHover={setHighlighted}
      lowBattery={lowBattery}
      bikeHref={bikePath}
      onTotal={setMatching}
    />
  );
  const map = (
    <Suspense
      fallback={
        <div className={styles.mapLoading} aria-busy="true">
          <Spinner /> {t('fleet.view.mapLoading')}
        </div>
      }
    >
      <FleetMapPane
        filter={filter}
        theftsOnly={view.thefts}
        selected={selected}
        highlighted={highlighted}
        focused={view.bike}
        onHover={setHighlighted}
        onBoxSelect={onBoxSelect}
        onFocus={onFocus}
        onOpenBike={onOpenBike}
        lowBattery={lowBattery}
        bikeHref={bikePath}
      />
    </Suspense>
  );

  return (
    <div className={styles.page}>
      <SummaryStrip information={information.data} view={view} onChange={changeView} />
      <div className={styles.toolbar}>
        <label className={styles.search}>
          <Search size={16} aria-hidden="true" />
          <span className="visually-hidden">{t('fleet.filters.search')}</span>
          <input
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('fleet.filters.search')}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <FilterPanel
          view={view}
          groups={groups.data ?? []}
          zones={zones.data?.content}
          total={matching}
          onChange={changeView}
        />
        <Button
          size="sm"
          variant={view.thefts ? 'primary' : 'secondary'}
          aria-pressed={view.thefts}
          title={t('fleet.view.theftsHint')}
          onClick={() =>
            changeView({ ...view, thefts: !view.thefts, show: view.thefts ? view.show : 'map' })
          }
        >
          <Siren size={16} aria-hidden="true" />
          {t('fleet.view.thefts')}
        </Button>
        <ExportMenu filter={filter} />
        <LiveIndicator />
        {mobile && (
          <div className={styles.switch} role="group" aria-label={t('fleet.view.switch')}>
            <Button
              size="sm"
              variant={view.show === 'list' ? 'primary' : 'secondary'}
              aria-pressed={view.show === 'list'}
              onClick={() => changeView({ ...view, show: 'list' })}
            >
              <List size={16} aria-hidden="true" />
              {t('fleet.view.list')}
            </Button>
            <Button
              size="sm"
              variant={view.show === 'map' ? 'primary' : 'secondary'}
              aria-pressed={view.show === 'map'}
              onClick={() => changeView({ ...view, show: 'map' })}
            >
              <MapIcon size={16} aria-hidden="true" />
              {t('fleet.view.map')}
            </Button>
          </div>
        )}
      </div>
      <ActiveFilters
        view={view}
        groups={groups.data ?? []}
        zones={zones.data?.content}
        onChange={changeView}
      />
      <SelectionBar
        count={selected.size}
        matching={matching}
        limit={BULK_LIMIT}
        busy={bulk.busy}
        onSelectAll={() => void selectAllMatching()}
        onClear={clear}
        onRun={(action) => {
          bulk.run(selected, action);
          if (action.kind === 'remove') clear();
        }}
        canRemove={session.userType === 'ADMIN'}
        commands={!session.technician}
        extraActions={
          !session.technician && (
            <Button size="sm" variant="secondary" onClick={() => setTaskFor([...selected])}>
              <ClipboardPlus size={16} aria-hidden="true" />
              {t('tasks.create.button')}
            </Button>
          )
        }
      />
      {taskFor && <TaskCreateDialog vehicleNumbers={taskFor} onClose={() => setTaskFor(null)} />}
      <div className={styles.content}>
        {mobile ? view.show === 'map' ? map : list : <SplitView first={map} second={list} />}
      </div>
    </div>
  );
}

function LiveIndicator() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  return (
    <span className={styles.live} data-status={status} role="status">
      <span className={styles.liveDot} aria-hidden="true" />
      {t(`fleet.live.${status === 'live' ? 'live' : status}`)}
    </span>
  );
}
