// The building block of a layer: one GeoJSON source and the MapLibre layers that draw it, added
// while the layer is mounted and removed with it. The order of the layers on the map is the
// order in which they mount (a <MapView>'s children, first = lowest).
import { useEffect } from 'react';
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useMap } from './map-context';

export const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

export const collection = (features: GeoJSON.Feature[]): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features,
});

/**
 * Adds the source `id` (empty; `promoteId`: the property that is the feature-state id) and its
 * `layers` (each naming `source: id`; read once) to the map of the enclosing <MapView>.
 */
export function useGeoJsonLayers(
  id: string,
  layers: readonly LayerSpecification[],
  promoteId?: string,
): MapLibreMap {
  const map = useMap();
  useEffect(() => {
    map.addSource(id, { type: 'geojson', data: EMPTY, ...(promoteId ? { promoteId } : {}) });
    for (const layer of layers) map.addLayer(layer);
    return () => {
      // the whole map may be gone already (the <MapView> unmounts before its layers)
      if (!(map.style as typeof map.style | undefined)) return;
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(id)) map.removeSource(id);
    };
    // the layers are read once, as the map is set up once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, id, promoteId]);
  return map;
}

/** Replaces what a source draws (no-op while it is not on the map). */
export function setGeoJson(map: MapLibreMap, id: string, data: GeoJSON.FeatureCollection | string) {
  (map.getSource(id) as GeoJSONSource | undefined)?.setData(data);
}
