// SPEC §2 fleet, the home page of users and admins (DESIGN §8): map and list of the fleet side
// by side (the list alone below 600 px, with a Map/List switch), a summary strip, filters as
// chips, multi-select with bulk actions, CSV exports. The view lives in the address; live
// changes arrive through the app's stream controller. The page is layout: its state, effects
// and calls are the view model's (state/use-fleet-page-view.ts).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardPlus, List, Map as MapIcon, Siren } from 'lucide-react';
import { BULK_LIMIT } from '@vfm/contract/constants';
import { bikePath } from '../../../bike/bike-path';
import { SelectionBar } from '../../../bike/selection-bar';
import { useLiveStatus } from '../../../live/live-context';
import { usePageTitle } from '../../../services/use-page-title';
import { TaskCreateDialog } from '../../../tasks/task-create-dialog';
import { Button } from '../../../ui/button/button';
import { SearchBox } from '../../../ui/search-box/search-box';
import { Spinner } from '../../../ui/spinner/spinner';
import { ActiveFilters } from '../components/active-filters';
import { ExportMenu } from '../components/export-menu';
import { FilterPanel } from '../components/filter-panel';
import { FleetList } from '../components/fleet-list';
import { SplitView } from '../components/split-view';
import { SummaryStrip } from '../components/summary-strip';
import { activeFilterCount } from '../state/fleet-view';
import { useFleetPageView } from '../state/use-fleet-page-view';
import styles from './fleet-page.module.css';
import { KpiStrip } from '../components/kpi-strip';

const FleetMapPane = lazy(() => import('../components/fleet-map-pane'));

// the bike page's back button (history back) returns to this very view: it is in the address

export function FleetPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.fleet'));
  const page = useFleetPageView();
  const { view, filter, changeView, mobile, session, selected, setHighlighted } = page;
  const { toggle, selectMany, clear } = page.selection;

  const list = (
    <FleetList
      filter={filter}
      sort={view.sort}
      onSortChange={page.onSortChange}
      filtersActive={activeFilterCount(view) > 0}
      selected={selected}
      onToggle={toggle}
      onSelectMany={selectMany}
      highlighted={page.highlighted}
      onHover={setHighlighted}
      lowBattery={page.lowBattery}
      bikeHref={bikePath}
      onTotal={page.setMatching}
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
        highlighted={page.highlighted}
        focused={view.bike}
        onHover={setHighlighted}
        onBoxSelect={page.onBoxSelect}
        onFocus={page.onFocus}
        onOpenBike={page.onOpenBike}
        lowBattery={page.lowBattery}
        bikeHref={bikePath}
      />
    </Suspense>
  );

  return (
    <div className={styles.page}>
      <SummaryStrip information={page.information} view={view} onChange={changeView} />
      {/* ADR 0127: today against the same day last week */}
      <KpiStrip />
      <div className={styles.toolbar}>
        <SearchBox
          label={t('fleet.filters.search')}
          className={styles.search}
          value={page.text}
          maxLength={100}
          onChange={(event) => page.setText(event.target.value)}
        />
        <FilterPanel
          view={view}
          groups={page.groups}
          zones={page.zones}
          total={page.matching}
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
      <ActiveFilters view={view} groups={page.groups} zones={page.zones} onChange={changeView} />
      <SelectionBar
        count={selected.size}
        matching={page.matching}
        limit={BULK_LIMIT}
        busy={page.bulk.busy}
        onSelectAll={() => void page.selectAllMatching()}
        onClear={clear}
        onRun={(action) => {
          page.bulk.run(selected, action);
          if (action.kind === 'remove') clear();
        }}
        canRemove={session.userType === 'ADMIN'}
        commands={!session.technician}
        extraActions={
          !session.technician && (
            <Button size="sm" variant="secondary" onClick={() => page.setTaskFor([...selected])}>
              <ClipboardPlus size={16} aria-hidden="true" />
              {t('tasks.create.button')}
            </Button>
          )
        }
      />
      {page.taskFor && (
        <TaskCreateDialog vehicleNumbers={page.taskFor} onClose={() => page.setTaskFor(null)} />
      )}
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
