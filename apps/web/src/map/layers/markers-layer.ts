// The fleet's bikes and thefts as WebGL circles coloured by kind (ADR 0072): what the worker
// answered for the view, thefts larger and with a halo, hover and selection drawn from
// feature-state (selection-layer.ts). A click on a bike focuses it; the pointer over one hovers.
import type { LayerSpecification, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect } from 'react';
import { collection, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';
import { useLatest } from '../core/map-context';
import type { MarkerFeed } from '../markers/marker-feed';
import { MARKER_KINDS } from '../markers/marker-index';
import { KIND_COLOURS } from '../markers/marker-style';

/** The layers a bike can be clicked on (a bike is in one of the two sources). */
export const BIKE_LAYERS = ['bike-circles', 'theft-circles'];
export const BIKE_SOURCES = ['bikes', 'thefts'];

const colourByKind = [
  'match',
  ['get', 'k'],
  ...MARKER_KINDS.flatMap((kind, index) => [index, KIND_COLOURS[kind]]),
  KIND_COLOURS.unavailable,
] as never;
const radius = (base: number) =>
  [
    'case',
    ['boolean', ['feature-state', 'hover'], false],
    base + 3,
    ['boolean', ['feature-state', 'selected'], false],
    base + 1.5,
    base,
  ] as never;
const stroke = [
  'case',
  ['boolean', ['feature-state', 'selected'], false],
  '#0b1d2e',
  ['boolean', ['feature-state', 'hover'], false],
  '#0b1d2e',
  '#ffffff',
] as never;

const BIKES: LayerSpecification[] = [
  {
    id: 'bike-circles',
    type: 'circle',
    source: 'bikes',
    paint: {
      'circle-color': colourByKind,
      'circle-radius': radius(6),
      'circle-stroke-width': 2,
      'circle-stroke-color': stroke,
    },
  },
];
const THEFTS: LayerSpecification[] = [
  {
    id: 'theft-halo',
    type: 'circle',
    source: 'thefts',
    paint: { 'circle-color': colourByKind, 'circle-radius': 16, 'circle-opacity': 0.22 },
  },
  {
    id: 'theft-circles',
    type: 'circle',
    source: 'thefts',
    paint: {
      'circle-color': colourByKind,
      'circle-radius': radius(8),
      'circle-stroke-width': 2.5,
      'circle-stroke-color': stroke,
    },
  },
];

export interface MarkersLayerProps {
  feed: MarkerFeed;
  onFocus(vehicleNumber: string): void;
  onHover?(vehicleNumber: string | null): void;
}

export function MarkersLayer({ feed, onFocus, onHover }: MarkersLayerProps) {
  useGeoJsonLayers('bikes', BIKES, 'vn');
  const map = useGeoJsonLayers('thefts', THEFTS, 'vn');
  const handlers = useLatest({ onFocus, onHover });

  useEffect(
    () =>
      feed.listen((event) => {
        if (event.type !== 'view') return;
        setGeoJson(map, 'bikes', collection(event.view.bikes));
        setGeoJson(map, 'thefts', collection(event.view.thefts));
      }),
    [map, feed],
  );

  useEffect(() => {
    const vehicleNumberOf = (event: MapLayerMouseEvent) =>
      event.features?.[0]?.properties?.vn as string | undefined;
    const click = (event: MapLayerMouseEvent) => {
      const vehicleNumber = vehicleNumberOf(event);
      if (vehicleNumber) handlers.current.onFocus(vehicleNumber);
    };
    const move = (event: MapLayerMouseEvent) => {
      map.getCanvas().style.cursor = 'pointer';
      const vehicleNumber = vehicleNumberOf(event);
      if (vehicleNumber) handlers.current.onHover?.(vehicleNumber);
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
      handlers.current.onHover?.(null);
    };
    for (const layer of BIKE_LAYERS) {
      map.on('click', layer, click);
      map.on('mousemove', layer, move);
      map.on('mouseleave', layer, leave);
    }
    return () => {
      for (const layer of BIKE_LAYERS) {
        map.off('click', layer, click);
        map.off('mousemove', layer, move);
        map.off('mouseleave', layer, leave);
      }
    };
  }, [map, handlers]);

  return null;
}
