// The maps (docs/web.md, "The map"): a core (core/map-view.tsx) and one file per layer
// (layers/). The fleet screen and the warnings page mount the fleet map lazily, the bike page
// the bike map (`lazy(() => import('…/map/bike-map'))`); maplibre-gl stays out of every other
// chunk.
export type { FleetMapProps, LiveBikes } from './fleet-map-props';
