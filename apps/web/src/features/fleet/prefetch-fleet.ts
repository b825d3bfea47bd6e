// The fleet screen opened directly (a reload, a bookmark, the README's address): the markers,
// the marker worker, the map settings, the map code and the page's code start at start-up,
// beside the shell, instead of one after the other once the shell and then the page have
// rendered (bench/web-fleet.ts (a): navigation → markers drawn). Loaded by app/bootstrap.ts as
// its own small chunk as soon as the address is known, so that nothing of it weighs on the
// sign-in bundle; called once the application info and the session are known. The markers
// request goes first: the browser opens six connections to a host, and the screen's code is
// some fifty files (ADR 0115).
import { queryKeys } from '../../api/query-keys';
import { getFleetInformation } from '../../live/use-fleet-information';
import { prefetchMap } from '../../map/prefetch';
import type { AppServices } from '../../services/services';
import { MOBILE_QUERY } from '../../ui/hooks/use-media-query';
import { fleetFilterOf, parseFleetView } from './state/fleet-view';

export function prefetchFleetScreen(services: AppServices) {
  const view = parseFleetView(window.location.search);
  const showsMap = !window.matchMedia(MOBILE_QUERY).matches || view.show === 'map';
  if (showsMap) {
    // the same filter as the page's own prefetch: one request, shared through the query cache
    prefetchMap(services.http, services.queryClient, {
      ...fleetFilterOf(view),
      theftsOnly: view.thefts,
    });
    void import('./components/fleet-map-pane');
  }
  // the summary strip's counts: the strip shows them at its first render and keeps its height,
  // instead of growing (a second row of counts) under a map already drawing
  void services.queryClient.prefetchQuery({
    queryKey: queryKeys.fleet.information,
    queryFn: () => getFleetInformation(services.http),
  });
  void import('./routes/fleet-page');
}
