// The line and the numbered stops of a technician's route (docs/rebalancing.md); the view fits
// the route when it changes.
import { useEffect } from 'react';
import type { LayerSpecification } from 'maplibre-gl';
import type { Route } from '@vfm/contract';
import { collection, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';
import { maplibregl } from '../core/maplibre';

export const STOP_COLOURS = { SWAP: '#b58100', PICKUP: '#1565c0', DROP: '#2e7d32' } as const;

const ROUTE_LAYERS: LayerSpecification[] = [
  {
    id: 'route-line',
    type: 'line',
    source: 'route',
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': '#455a64', 'line-width': 3, 'line-opacity': 0.8 },
  },
  {
    id: 'route-stops',
    type: 'circle',
    source: 'route',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 7,
      'circle-color': [
        'match',
        ['get', 'kind'],
        'PICKUP',
        STOP_COLOURS.PICKUP,
        'DROP',
        STOP_COLOURS.DROP,
        STOP_COLOURS.SWAP,
      ],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];

export function RouteLayer({ route }: { route: Route }) {
  const map = useGeoJsonLayers('route', ROUTE_LAYERS);
  useEffect(() => {
    const points = route.stops.map((stop) => stop.position);
    setGeoJson(
      map,
      'route',
      collection([
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'LineString', coordinates: points },
        },
        ...route.stops.map((stop, index) => ({
          type: 'Feature' as const,
          properties: { kind: stop.kind, n: index + 1 },
          geometry: { type: 'Point' as const, coordinates: stop.position },
        })),
      ]),
    );
    if (!points.length) return;
    const bounds = points.reduce(
      (box, point) => box.extend(point),
      new maplibregl.LngLatBounds(points[0], points[0]),
    );
    map.fitBounds(bounds, { padding: 32, maxZoom: 16, duration: 0 });
  }, [map, route]);
  return null;
}
