// A trip's track on the bike map: a line with a white casing, which the view fits; without a
// track the view goes back to the bike. Mounted before the bike's layer, which stays on top.
import { useEffect } from 'react';
import type { LayerSpecification } from 'maplibre-gl';
import { collection, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';
import { maplibregl } from '../core/maplibre';

const LINE = { 'line-join': 'round', 'line-cap': 'round' } as const;
const TRACK: LayerSpecification[] = [
  {
    id: 'track-casing',
    type: 'line',
    source: 'track',
    layout: LINE,
    paint: { 'line-color': '#ffffff', 'line-width': 7 },
  },
  {
    id: 'track',
    type: 'line',
    source: 'track',
    layout: LINE,
    paint: { 'line-color': '#1f5fc4', 'line-width': 4 },
  },
];

export interface TrackLayerProps {
  /** the trip's points [longitude, latitude] */
  track?: ReadonlyArray<[number, number]>;
  /** where the view goes without a track: the bike */
  position: [number, number] | null;
}

export function TrackLayer({ track, position }: TrackLayerProps) {
  const map = useGeoJsonLayers('track', TRACK);
  useEffect(() => {
    const drawn = track && track.length > 1;
    setGeoJson(
      map,
      'track',
      collection(
        drawn
          ? [
              {
                type: 'Feature',
                properties: {},
                geometry: { type: 'LineString', coordinates: track.map((point) => [...point]) },
              },
            ]
          : [],
      ),
    );
    if (drawn) {
      const bounds = new maplibregl.LngLatBounds();
      for (const point of track) bounds.extend(point);
      map.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 });
    } else if (position) {
      map.jumpTo({ center: position, zoom: Math.max(map.getZoom(), 14) });
    }
    // the view follows a new track, not each move of the bike (bike-layer.ts does that)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, track]);
  return null;
}
