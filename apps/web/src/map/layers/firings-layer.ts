// Where a rule's dry run would have fired (docs/rules.md "Dry run"): a dot per firing with a
// position, and the view fitted to them.
import { useEffect } from 'react';
import type { LayerSpecification } from 'maplibre-gl';
import { collection, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';

const DOTS: LayerSpecification[] = [
  {
    id: 'rule-firings',
    type: 'circle',
    source: 'rule-firings',
    paint: {
      'circle-radius': 6,
      'circle-color': '#c62828',
      'circle-opacity': 0.8,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  },
];

export interface Firing {
  vehicleNumber: string;
  at: string;
  latitude: number | null;
  longitude: number | null;
}

export function FiringsLayer({ firings }: { firings: readonly Firing[] }) {
  const map = useGeoJsonLayers('rule-firings', DOTS);
  useEffect(() => {
    const placed = firings.filter((f) => f.latitude !== null && f.longitude !== null);
    setGeoJson(
      map,
      'rule-firings',
      collection(
        placed.map((f) => ({
          type: 'Feature' as const,
          properties: { vn: f.vehicleNumber, at: f.at },
          geometry: { type: 'Point' as const, coordinates: [f.longitude!, f.latitude!] },
        })),
      ),
    );
    if (!placed.length) return;
    const lons = placed.map((f) => f.longitude!);
    const lats = placed.map((f) => f.latitude!);
    map.fitBounds(
      [
        [Math.min(...lons), Math.min(...lats)],
        [Math.max(...lons), Math.max(...lats)],
      ],
      { padding: 40, maxZoom: 15, duration: 0 },
    );
  }, [map, firings]);
  return null;
}
