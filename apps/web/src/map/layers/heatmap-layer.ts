// The rebalancing heat map on the fleet map (docs/rebalancing.md): the H3 cells of the chosen
// layer filled from pale yellow to deep red by their share of the highest value, under the bikes.
// The cells and their outlines are the server's (GET rebalancing/heatmap).
import { useEffect } from 'react';
import type { LayerSpecification } from 'maplibre-gl';
import type { Heatmap } from '@vfm/contract';
import { EMPTY, collection, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';

/** the ramp of the fill and of the legend, low to high */
export const HEAT_COLOURS = ['#fff3b0', '#fdb44b', '#f0602b', '#b3122e'] as const;

const HEAT_LAYERS: LayerSpecification[] = [
  {
    id: 'heat-fill',
    type: 'fill',
    source: 'heat',
    paint: {
      'fill-color': [
        'interpolate',
        ['linear'],
        ['get', 'share'],
        0,
        HEAT_COLOURS[0],
        0.33,
        HEAT_COLOURS[1],
        0.66,
        HEAT_COLOURS[2],
        1,
        HEAT_COLOURS[3],
      ],
      'fill-opacity': 0.55,
    },
  },
  {
    id: 'heat-line',
    type: 'line',
    source: 'heat',
    paint: { 'line-color': '#ffffff', 'line-width': 0.5, 'line-opacity': 0.6 },
  },
];

export function heatFeatures(heatmap: Heatmap | null): GeoJSON.FeatureCollection {
  if (!heatmap?.cells.length) return EMPTY;
  const max = heatmap.max || 1;
  return collection(
    heatmap.cells.map((cell) => ({
      type: 'Feature' as const,
      properties: { cell: cell.cell, value: cell.value, share: Math.min(1, cell.value / max) },
      geometry: { type: 'Polygon' as const, coordinates: [cell.boundary] },
    })),
  );
}

export function HeatmapLayer({ heatmap }: { heatmap: Heatmap | null }) {
  const map = useGeoJsonLayers('heat', HEAT_LAYERS);
  useEffect(() => setGeoJson(map, 'heat', heatFeatures(heatmap)), [map, heatmap]);
  return null;
}
