// The fleet's zones (docs/zones.md): each polygon filled lightly in its colour and outlined — the
// service area dashed, the zones where bikes may not be more opaque. Drawn below the bikes
// (render it before the markers). The data is the page's: a FeatureCollection whose features
// carry `colour`, `type` and `id` (zones/zones-geojson.ts).
import { useEffect } from 'react';
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { SERVICE_AREA_TYPES, zoneTypesWhere } from '@vfm/contract';
import { EMPTY, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';
import { useLatest } from '../core/map-context';

/** the zones where a bike may not be left (the contract's ZONE_TYPE_RULES) */
const FORBIDDING: ExpressionSpecification = [
  'in',
  ['get', 'type'],
  ['literal', zoneTypesWhere((rules) => !rules.rideEnd)],
];

/** the service area's zones: lightly filled, their outline dashed */
const SERVICE_AREA: ExpressionSpecification = [
  'in',
  ['get', 'type'],
  ['literal', SERVICE_AREA_TYPES],
];

const ZONE_LAYERS: LayerSpecification[] = [
  {
    id: 'zone-fill',
    type: 'fill',
    source: 'zones',
    paint: {
      'fill-color': ['get', 'colour'],
      'fill-opacity': [
        'case',
        ['boolean', ['feature-state', 'selected'], false],
        0.35,
        FORBIDDING,
        0.22,
        SERVICE_AREA,
        0.04,
        0.14,
      ],
    },
  },
  {
    id: 'zone-line',
    type: 'line',
    source: 'zones',
    filter: ['!', SERVICE_AREA],
    paint: { 'line-color': ['get', 'colour'], 'line-width': 2 },
  },
  {
    id: 'zone-line-service',
    type: 'line',
    source: 'zones',
    filter: SERVICE_AREA,
    paint: { 'line-color': ['get', 'colour'], 'line-width': 2.5, 'line-dasharray': [3, 2] },
  },
];

export interface ZonesLayerProps {
  zones: GeoJSON.FeatureCollection | null;
  /** the zone shown as selected (feature-state), e.g. the one in the form */
  selected?: string | null;
  /** a zone clicked (its id) */
  onSelect?(id: string): void;
}

export function ZonesLayer({ zones, selected = null, onSelect }: ZonesLayerProps) {
  const map = useGeoJsonLayers('zones', ZONE_LAYERS, 'id');
  const select = useLatest(onSelect);
  const clickable = !!onSelect;
  useEffect(() => {
    if (!clickable) return;
    const click = (event: { features?: Array<{ properties: Record<string, unknown> }> }) => {
      // the smallest zone under the pointer is the one meant (the service area holds the rest)
      const id = event.features?.at(-1)?.properties.id;
      if (typeof id === 'string') select.current?.(id);
    };
    map.on('click', 'zone-fill', click);
    return () => {
      map.off('click', 'zone-fill', click);
    };
  }, [map, clickable, select]);
  useEffect(() => setGeoJson(map, 'zones', zones ?? EMPTY), [map, zones]);
  useEffect(() => {
    if (!selected) return;
    map.setFeatureState({ source: 'zones', id: selected }, { selected: true });
    return () => {
      if (map.getSource('zones')) map.removeFeatureState({ source: 'zones', id: selected });
    };
  }, [map, selected, zones]);
  return null;
}
