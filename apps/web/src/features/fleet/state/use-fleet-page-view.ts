// The fleet screen's state and effects (its view model): the view read from the address and
// written back to it (every change a history entry, so Back undoes a filter), the text filter
// that follows the typing a moment later, the map's prefetch, the selection and its bulk
// actions, and the page's calls. The page and its parts only lay these out.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BULK_LIMIT, PAGE_SIZE_MAX } from '@vfm/contract/constants';
import type { FleetListPage } from '@vfm/contract';
import { bikePath } from '../../../bike/bike-path';
import { useBulkRunner } from '../../../bike/bulk-actions';
import { useBikeSelection } from '../../../bike/use-bike-selection';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import { useFleetInformation, useLowBatteryThresholds } from '../../../live/use-fleet-information';
import { prefetchMap } from '../../../map/prefetch';
import { useServices, useSession } from '../../../services/services';
import { useIsMobile } from '../../../ui/hooks/use-media-query';
import { useZones } from '../../../zones/api/get-zones';
import { getFleetListPage } from '../api/get-fleet-list';
import {
  fleetFilterOf,
  fleetViewSearch,
  parseFleetView,
  sortParam,
  type FleetView,
} from './fleet-view';

/** the text filter is applied once typing pauses this long (ms) */
const TYPING_DELAY_MS = 300;

export function useFleetPageView() {
  const { t } = useTranslation();
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
    const timer = setTimeout(() => changeView({ ...view, q: text }, true), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, view, changeView]);

  const selection = useBikeSelection();
  const { selected, selectMany, replace } = selection;
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

  return {
    session,
    mobile,
    view,
    filter,
    changeView,
    text,
    setText,
    information: information.data,
    groups: groups.data ?? [],
    zones: zones.data?.content,
    lowBattery,
    selection,
    selected,
    selectAllMatching,
    bulk,
    taskFor,
    setTaskFor,
    highlighted,
    setHighlighted,
    matching,
    setMatching,
    onSortChange,
    onBoxSelect,
    onFocus,
    onOpenBike,
  };
}

export type FleetPageView = ReturnType<typeof useFleetPageView>;
