// The map of the enclosing <MapView>, for its layers. A layer renders only once the map has
// loaded, so it never waits for the style nor checks that the map exists.
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('a map layer is rendered outside <MapView>');
  return map;
}

/**
 * The latest value in a ref: MapLibre's handlers, added once, call the page's current callbacks
 * without the layer being set up again.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
