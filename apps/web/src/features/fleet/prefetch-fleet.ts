// The fleet screen opened directly (a reload, a bookmark, the README's address): its page and
// map code, the map settings and the markers start downloading at start-up, beside the shell,
// instead of one after the other once the shell and then the page have rendered
// (bench/web-fleet.ts (a): navigation → markers drawn). Loaded by app/bootstrap.ts as its own
// small chunk, so that nothing of it weighs on the sign-in bundle: the code as soon as the
// address is known (prefetchFleetCode), the requests and the marker worker once the
// application info and the session are (prefetchFleetScreen).
import { prefetchMap } from '../../map/prefetch';
import type { AppServices } from '../../services/services';
import { MOBILE_QUERY } from '../../ui/hooks/use-media-query';
import { fleetFilterOf, parseFleetView } from './state/fleet-view';

function showsMap() {
  const view = parseFleetView(window.location.search);
  return { view, map: !window.matchMedia(MOBILE_QUERY).matches || view.show === 'map' };
}

/** The page's code, and the map's where the map shows. */
export function prefetchFleetCode() {
  void import('./routes/fleet-page');
  if (!showsMap().map) return;
  void import('./components/fleet-map-pane');
  void import('../../map/fleet-map');
}

export function prefetchFleetScreen(services: AppServices) {
  const { view, map } = showsMap();
  if (!map) return;
  // the same filter as the page's own prefetch: one request, shared through the query cache
  prefetchMap(services.http, services.queryClient, {
    ...fleetFilterOf(view),
    theftsOnly: view.thefts,
  });
}
