// A technician's route on a map (docs/rebalancing.md): the line of the route and its stops
// numbered in order, coloured by kind (swap, pickup, drop-off). Lazy-loaded by the rebalancing page.
import type { Route } from '@vfm/contract';
import { MapView } from './core/map-view';
import { RouteLayer } from './layers/route-layer';

export function RouteMap({ route, label }: { route: Route; label: string }) {
  return (
    <MapView testId="route-map" label={label} basemap="street" quiet>
      <RouteLayer route={route} />
    </MapView>
  );
}

export default RouteMap;
