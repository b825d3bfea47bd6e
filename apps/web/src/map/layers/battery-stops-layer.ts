// The battery swap queue on a map (docs/tasks.md): each bike a dot coloured by its charge, each
// stop a numbered badge (HTML: the map needs no glyphs) in the order to follow; a tap on a badge
// selects that stop. The view fits the stops when they change.
import { useEffect } from 'react';
import type { LayerSpecification } from 'maplibre-gl';
import type { BatteryQueue } from '@vfm/contract';
import { collection, setGeoJson, useGeoJsonLayers } from '../core/geojson-layers';
import { useLatest } from '../core/map-context';
import { maplibregl } from '../core/maplibre';
import styles from '../fleet-map.module.css';

const BIKES: LayerSpecification[] = [
  {
    id: 'battery-bikes',
    type: 'circle',
    source: 'battery-bikes',
    paint: {
      'circle-radius': 7,
      // red under 10 %, orange to 20 %, then amber
      'circle-color': [
        'step',
        ['coalesce', ['get', 'level'], 0],
        '#c62828',
        10,
        '#e65100',
        21,
        '#b58100',
      ],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];

export interface BatteryStopsLayerProps {
  queue: BatteryQueue;
  /** a stop's badge says this, with its number: "Stop {{n}}" */
  stopLabel(n: number): string;
  selected: number | null;
  onSelect(group: number): void;
}

export function BatteryStopsLayer({
  queue,
  stopLabel,
  selected,
  onSelect,
}: BatteryStopsLayerProps) {
  const map = useGeoJsonLayers('battery-bikes', BIKES);
  const select = useLatest(onSelect);
  const label = useLatest(stopLabel);

  useEffect(() => {
    setGeoJson(
      map,
      'battery-bikes',
      collection(
        queue.bikes.flatMap((bike) =>
          bike.position
            ? [
                {
                  type: 'Feature' as const,
                  properties: { level: bike.bikeBatteryLevel, vn: bike.vehicleNumber },
                  geometry: {
                    type: 'Point' as const,
                    coordinates: [bike.position.longitude, bike.position.latitude],
                  },
                },
              ]
            : [],
        ),
      ),
    );
  }, [map, queue]);

  useEffect(() => {
    const markers = queue.groups.map((group, index) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = styles.stop!;
      element.textContent = String(index + 1);
      element.setAttribute('aria-label', label.current(index + 1));
      if (index === selected) element.dataset.selected = 'true';
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        select.current(index);
      });
      return new maplibregl.Marker({ element })
        .setLngLat([group.longitude, group.latitude])
        .addTo(map);
    });
    return () => markers.forEach((marker) => marker.remove());
  }, [map, queue, selected, select, label]);

  const key = queue.groups.map((g) => `${g.latitude},${g.longitude}`).join(';');
  useEffect(() => {
    const points = queue.bikes.flatMap((bike) =>
      bike.position ? [[bike.position.longitude, bike.position.latitude] as [number, number]] : [],
    );
    if (!points.length) return;
    const bounds = points.reduce(
      (box, point) => box.extend(point),
      new maplibregl.LngLatBounds(points[0], points[0]),
    );
    map.fitBounds(bounds, { padding: 48, maxZoom: 16, duration: 0 });
    // the view fits when the stops change, not on every read of the queue
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);

  useEffect(() => {
    const group = selected === null ? undefined : queue.groups[selected];
    if (group)
      map.easeTo({ center: [group.longitude, group.latitude], zoom: Math.max(map.getZoom(), 15) });
    // a new selection moves the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selected]);
  return null;
}
