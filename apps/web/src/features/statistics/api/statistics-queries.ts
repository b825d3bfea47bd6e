// The statistics calls (DESIGN §5): fleet/statistics (buckets, distributions, totals),
// fleet/statistics/traffic (trips, km and active bikes per hour or day) and fleet/chart (daily
// series), each narrowed to a group; and the conflicts panel's counts through fleet/list.
// Keys under queryKeys.fleet.statistics: the stream controller refreshes them while bikes
// change.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { Chart, FleetListPage, FleetStatistics, Traffic, WarningType } from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';
import { previousPeriod, type Period } from '../state/shaping';

const key = (...parts: unknown[]) => [...queryKeys.fleet.statistics, ...parts] as const;
const groups = (groupId: string | null) => (groupId ? { groupId: [groupId] } : {});

export function useStatistics(groupId: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: key('figures', groupId),
    queryFn: () => http.get<FleetStatistics>('fleet/statistics', { query: groups(groupId) }),
    placeholderData: keepPreviousData,
  });
}

/** The traffic of a period and of the period just before it (the comparison). */
export function useTraffic(period: Period, groupId: string | null) {
  const { http } = useServices();
  const previous = previousPeriod(period);
  return useQueries({
    queries: [period, previous].map((p) => ({
      queryKey: key('traffic', p, groupId),
      queryFn: () =>
        http.get<Traffic>('fleet/statistics/traffic', { query: { ...p, ...groups(groupId) } }),
      placeholderData: keepPreviousData,
    })),
    combine: ([current, before]) => ({ current: current!, before: before! }),
  });
}

export function useChart(period: Period, groupId: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: key('chart', period.from, period.to, groupId),
    queryFn: () =>
      http.get<Chart>('fleet/chart', {
        query: { from: period.from, to: period.to, ...groups(groupId) },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Bikes offered to riders that should not be: AVAILABLE with one of these warnings, or with
 * their assistance locked. Each is a fleet filter (its address on the fleet screen too).
 */
export const CONFLICTS = [
  { id: 'SUSPECTED_THEFT', filter: { warning: 'SUSPECTED_THEFT' } },
  { id: 'LACK_MODULE_COMM', filter: { warning: 'LACK_MODULE_COMM' } },
  { id: 'LOW_VEHICLE_BATTERY', filter: { warning: 'LOW_VEHICLE_BATTERY' } },
  { id: 'LOW_MODULE_BATTERY', filter: { warning: 'LOW_MODULE_BATTERY' } },
  { id: 'LOCKED', filter: { locked: true } },
] as const satisfies ReadonlyArray<{
  id: string;
  filter: { warning: WarningType } | { locked: true };
}>;
export type Conflict = (typeof CONFLICTS)[number];

/** The fleet screen's address query of a conflict (see features/fleet/state/fleet-view). */
export const conflictSearch = (conflict: Conflict) =>
  'warning' in conflict.filter
    ? `availability=AVAILABLE&warning=${conflict.filter.warning}`
    : 'availability=AVAILABLE&locked=1';

export function useConflicts(groupId: string | null) {
  const { http } = useServices();
  return useQueries({
    queries: CONFLICTS.map((conflict) => ({
      queryKey: key('conflicts', conflict.id, groupId),
      queryFn: async () =>
        (
          await http.get<FleetListPage>('fleet/list', {
            query: { availability: 'AVAILABLE', ...conflict.filter, size: 1, ...groups(groupId) },
          })
        ).totalElements,
    })),
  });
}
