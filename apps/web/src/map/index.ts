// The shared map module: the fleet screen and the warnings page mount it lazily
// (`lazy(() => import('../map/fleet-map'))`); maplibre-gl stays out of every other chunk.
export type { FleetMapProps, LiveBikes } from './fleet-map-props';
