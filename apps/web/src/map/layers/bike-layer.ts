// One bike on the bike map: a circle in its marker colour (marker-style.ts) at its position or,
// while a trip replays, at the replay cursor. A bike that moves stays in view.
import { useEffect } from 'react';
import type { LayerSpecification } from 'maplibre-gl';
import { collection, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';

const BIKE: LayerSpecification[] = [
  {
    id: 'bike',
    type: 'circle',
    source: 'bike',
    paint: {
      'circle-radius': 9,
      'circle-color': ['coalesce', ['get', 'colour'], '#1f5fc4'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
];

export interface BikeLayerProps {
  /** [longitude, latitude]; null: nothing drawn */
  at: [number, number] | null;
  colour: string;
  /** keep the bike in view as it moves (not while a trip replays) */
  follow: boolean;
}

export function BikeLayer({ at, colour, follow }: BikeLayerProps) {
  const map = useGeoJsonLayers('bike', BIKE);
  const [longitude, latitude] = at ?? [];

  useEffect(() => {
    const point: GeoJSON.Feature[] =
      longitude === undefined || latitude === undefined
        ? []
        : [
            {
              type: 'Feature',
              properties: { colour },
              geometry: { type: 'Point', coordinates: [longitude, latitude] },
            },
          ];
    setGeoJson(map, 'bike', collection(point));
  }, [map, longitude, latitude, colour]);

  useEffect(() => {
    if (!follow || longitude === undefined || latitude === undefined) return;
    if (!map.getBounds().contains([longitude, latitude]))
      map.easeTo({ center: [longitude, latitude] });
    // a move of the bike, not a change of `follow`, moves the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, longitude, latitude]);
  return null;
}
