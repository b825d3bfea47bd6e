// How a batch of live changes reaches the query cache (the components only read the cache):
// list rows are replaced in place, removed bikes leave the lists, the warning counters are
// written where they are shown; one bike's page and histories are refetched when that bike
// changed, and its alerts when the stream names it (ADR 0081). Fleet-wide counts are refetched
// at most every few seconds (throttled by the caller).
import type { QueryClient } from '@tanstack/react-query';
import type { FleetInformation, FleetListItem, FleetListPage, WarningCounts } from '@vfm/contract';
import { queryKeys } from '../api/query-keys';
import type { LiveBatch } from './live-batch';

function patchListPage(
  page: FleetListPage | undefined,
  changed: Map<string, FleetListItem>,
  removed: Set<string>,
): FleetListPage | undefined {
  if (!page) return page;
  let touched = false;
  let removedCount = 0;
  const content: FleetListItem[] = [];
  for (const row of page.content) {
    if (removed.has(row.vehicleNumber)) {
      removedCount += 1;
      touched = true;
      continue;
    }
    const next = changed.get(row.vehicleNumber);
    if (next) touched = true;
    content.push(next ?? row);
  }
  if (!touched) return page;
  return { ...page, content, totalElements: Math.max(0, page.totalElements - removedCount) };
}

/** Applies a batch; returns whether fleet-wide figures (counts, warnings lists) went stale. */
export function applyBatchToCache(queryClient: QueryClient, batch: LiveBatch): boolean {
  const changed = new Map(batch.bikes.map((bike) => [bike.vehicleNumber, bike]));
  const removed = new Set(batch.removed);
  if (changed.size || removed.size) {
    queryClient.setQueriesData<FleetListPage>({ queryKey: queryKeys.fleet.lists }, (page) =>
      patchListPage(page, changed, removed),
    );
  }
  // the stream sends the counters as it opens too: counters equal to those shown change nothing
  // (they used to refetch the fleet's counts and warnings at every page load, docs/performance.md)
  const shownWarnings =
    queryClient.getQueryData<WarningCounts>(queryKeys.bikes.warningCounts) ??
    queryClient.getQueryData<FleetInformation>(queryKeys.fleet.information)?.warnings;
  const warningsChanged =
    batch.warnings !== null &&
    (shownWarnings === undefined || !sameCounts(shownWarnings, batch.warnings));
  if (batch.warnings && warningsChanged) {
    const warnings = batch.warnings;
    queryClient.setQueryData(queryKeys.bikes.warningCounts, warnings);
    queryClient.setQueryData<FleetInformation>(queryKeys.fleet.information, (information) =>
      information ? { ...information, warnings } : information,
    );
  }

  const touchedBikes = new Set<string>([...changed.keys(), ...removed]);
  for (const command of batch.commands) touchedBikes.add(command.vehicleNumber);
  for (const event of batch.events) if (event.vehicleNumber) touchedBikes.add(event.vehicleNumber);
  for (const vehicleNumber of touchedBikes) {
    // only what is cached is refetched (a bike page open, or visited recently)
    if (
      queryClient.getQueryCache().findAll({ queryKey: queryKeys.bikes.bike(vehicleNumber) }).length
    ) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.bike(vehicleNumber) });
    }
  }
  refetchAlerts(queryClient, batch.alerts);
  return changed.size > 0 || removed.size > 0 || warningsChanged;
}

function sameCounts(a: WarningCounts, b: WarningCounts): boolean {
  const keys = Object.keys(a) as Array<keyof WarningCounts>;
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The alerts of these bikes, where shown, and the lists across bikes (assigned to me). */
function refetchAlerts(queryClient: QueryClient, vehicleNumbers: readonly string[]) {
  if (!vehicleNumbers.length) return;
  for (const vehicleNumber of vehicleNumbers) {
    const key = queryKeys.alerts.bike(vehicleNumber);
    if (queryClient.getQueryCache().findAll({ queryKey: key }).length) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.lists });
}
