// SPEC §2 warnings (DESIGN §8, docs/web.md): a tab per warning type of SPEC §4 and an
// "all" tab, each with its live count; the bikes of the tab with their figures and the theft
// actions; bulk lock and IoT mode for the selected bikes; the tab on the map; CSV of the tab.
// Alerts (docs/web.md): a tab of one kind shows each bike's alert of that kind; "Assigned to
// me" lists instead the active alerts of the tab assigned to the signed-in user.
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardPlus, Download, Map as MapIcon, UserRound } from 'lucide-react';
import { BULK_LIMIT } from '@vfm/contract/constants';
import {
  TASK_KIND_OF_WARNING,
  WARNINGS_SORT_FIELDS,
  WARNING_TYPES,
  type WarningType,
  type WarningsSortField,
} from '@vfm/contract';
import { downloadFleetCsv, csvFileName } from '../../../api/fleet-csv';
import { useBulkRunner } from '../../../bike/bulk-actions';
import { useBikeSelection } from '../../../bike/use-bike-selection';
import { SelectionBar } from '../../../bike/selection-bar';
import { TaskCreateDialog } from '../../../tasks/task-create-dialog';
import { useLowBatteryThresholds } from '../../../live/use-fleet-information';
import { totalOf, useWarningCounts } from '../../../live/use-warning-counts';
import { useServices } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { Spinner } from '../../../ui/spinner/spinner';
import { RuleAlertsPanel } from '../../../alerts/rule-alerts-panel';
import { Tabs, type TabItem } from '../../../ui/tabs/tabs';
import { ZoneCapBanner } from '../../../zones/zone-cap-banner';
import { MyAlertsList } from '../components/my-alerts-list';
import { WarningsList, defaultWarningsSort, type WarningsSort } from '../components/warnings-list';
import styles from './warnings-page.module.css';

const WarningsMap = lazy(() => import('../components/warnings-map'));

const isWarningType = (value: string | null): value is WarningType =>
  (WARNING_TYPES as readonly string[]).includes(value ?? '');

/** `field,asc|desc` of the address; anything else is the tab's default order. */
function parseWarningsSort(value: string | null, type: WarningType | null): WarningsSort {
  const [field, direction] = (value ?? '').split(',');
  return (WARNINGS_SORT_FIELDS as readonly string[]).includes(field ?? '')
    ? { field: field as WarningsSortField, direction: direction === 'desc' ? 'desc' : 'asc' }
    : defaultWarningsSort(type);
}

export function WarningsPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.warnings'));
  const { http, toasts } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = isWarningType(params.get('type')) ? (params.get('type') as WarningType) : null;
  const showMap = params.get('map') === '1';
  const mine = params.get('mine') === '1';
  const sort = parseWarningsSort(params.get('sort'), type);
  const { data: counts } = useWarningCounts();
  const lowBattery = useLowBatteryThresholds();
  const { selected, toggle, selectMany, clear } = useBikeSelection();
  // docs/tasks.md: a task for each selected bike, of the kind the tab suggests
  const [taskFor, setTaskFor] = useState<string[] | null>(null);
  const bulk = useBulkRunner();

  /** the address of a view; another tab starts with its own default order */
  const href = (next: {
    type?: WarningType | null;
    map?: boolean;
    sort?: WarningsSort;
    mine?: boolean;
  }) => {
    const search = new URLSearchParams();
    const nextType = next.type === undefined ? type : next.type;
    if (nextType) search.set('type', nextType);
    if (next.map ?? showMap) search.set('map', '1');
    if (next.mine ?? mine) search.set('mine', '1');
    const nextSort = next.sort ?? (next.type === undefined ? sort : null);
    const byDefault = defaultWarningsSort(nextType);
    if (
      nextSort &&
      (nextSort.field !== byDefault.field || nextSort.direction !== byDefault.direction)
    ) {
      search.set('sort', `${nextSort.field},${nextSort.direction}`);
    }
    const text = search.toString();
    return `/warnings${text ? `?${text}` : ''}`;
  };

  const tabs: TabItem[] = [
    {
      id: 'all',
      title: t('warnings.tabs.all'),
      url: href({ type: null }),
      active: type === null,
      badge: totalOf(counts) > 0,
      badgeValue: totalOf(counts),
    },
    ...WARNING_TYPES.map((warning) => ({
      id: warning,
      title: t(`bike.warning.${warning}`),
      url: href({ type: warning }),
      active: type === warning,
      badge: (counts?.[warning] ?? 0) > 0,
      badgeValue: counts?.[warning] ?? 0,
    })),
  ];

  const exportTab = async () => {
    try {
      const name = csvFileName('warnings', 'list');
      await downloadFleetCsv(http, 'list', { warning: type ? [type] : [...WARNING_TYPES] }, name);
    } catch {
      toasts.show({ type: 'error', message: t('warnings.toolbar.exportFailed') });
    }
  };

  const list = mine ? (
    <MyAlertsList key={type ?? 'all'} kind={type} />
  ) : (
    <WarningsList
      type={type}
      sort={sort}
      onSortChange={(next) => void navigate(href({ sort: next }), { replace: true })}
      selected={selected}
      onToggle={toggle}
      onSelectMany={selectMany}
      lowBattery={lowBattery}
    />
  );

  return (
    <div className={styles.page}>
      <Tabs tabs={tabs} label={t('warnings.tabs.label')} panelId="warnings-panel" />
      <ZoneCapBanner />
      <div className={styles.toolbar}>
        <Button
          size="sm"
          variant={showMap ? 'primary' : 'secondary'}
          aria-pressed={showMap}
          onClick={() => void navigate(href({ map: !showMap }))}
        >
          <MapIcon size={16} aria-hidden="true" />
          {showMap ? t('warnings.toolbar.hideMap') : t('warnings.toolbar.showMap')}
        </Button>
        <Button
          size="sm"
          variant={mine ? 'primary' : 'secondary'}
          aria-pressed={mine}
          onClick={() => void navigate(href({ mine: !mine }))}
        >
          <UserRound size={16} aria-hidden="true" />
          {t('warnings.toolbar.mine')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void exportTab()}>
          <Download size={16} aria-hidden="true" />
          {t('warnings.toolbar.export')}
        </Button>
      </div>
      <SelectionBar
        count={selected.size}
        matching={selected.size}
        limit={BULK_LIMIT}
        busy={bulk.busy}
        onSelectAll={() => undefined}
        onClear={clear}
        onRun={(action) => bulk.run(selected, action)}
        extraActions={
          <Button size="sm" variant="secondary" onClick={() => setTaskFor([...selected])}>
            <ClipboardPlus size={16} aria-hidden="true" />
            {t('tasks.create.button')}
          </Button>
        }
      />
      {taskFor && (
        <TaskCreateDialog
          vehicleNumbers={taskFor}
          initialKind={type ? TASK_KIND_OF_WARNING[type] : 'INSPECT'}
          onClose={() => setTaskFor(null)}
        />
      )}
      <div
        id="warnings-panel"
        role="tabpanel"
        aria-labelledby={`tab-${type ?? 'all'}`}
        className={`${styles.content} ${showMap ? styles.withMap : ''}`}
      >
        {showMap && (
          <Suspense
            fallback={
              <div className={styles.mapLoading} aria-busy="true">
                <Spinner />
              </div>
            }
          >
            <WarningsMap type={type} />
          </Suspense>
        )}
        {list}
        {type === null && !mine && <RuleAlertsPanel />}
      </div>
    </div>
  );
}
