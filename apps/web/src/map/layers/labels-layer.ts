// The vehicle numbers beside the bikes from zoom 16 (ADR 0072), as HTML: the map needs no glyphs,
// so nothing but the app's own origin is fetched. At most 300 in a view.
import { useEffect } from 'react';
import type { Marker } from 'maplibre-gl';
import { maplibregl } from '../core/maplibre';
import { useMap } from '../core/map-context';
import type { MarkerFeed } from '../markers/marker-feed';
import styles from '../fleet-map.module.css';

const LABEL_ZOOM = 16;
const MAX_LABELS = 300;

export function LabelsLayer({ feed }: { feed: MarkerFeed }) {
  const map = useMap();
  useEffect(() => {
    let shown = new Map<string, Marker>();
    const stop = feed.listen((event) => {
      if (event.type !== 'view') return;
      const next = new Map<string, Marker>();
      if (map.getZoom() >= LABEL_ZOOM) {
        for (const bike of [...event.view.bikes, ...event.view.thefts].slice(0, MAX_LABELS)) {
          const at = bike.geometry.coordinates as [number, number];
          const marker = shown.get(bike.properties.vn) ?? label(bike.properties.vn, at).addTo(map);
          next.set(bike.properties.vn, marker.setLngLat(at));
        }
      }
      for (const [key, marker] of shown) if (!next.has(key)) marker.remove();
      shown = next;
    });
    return () => {
      stop();
      for (const marker of shown.values()) marker.remove();
    };
  }, [map, feed]);
  return null;
}

function label(vehicleNumber: string, at: [number, number]) {
  const element = document.createElement('span');
  element.className = styles.label!;
  element.textContent = vehicleNumber;
  return new maplibregl.Marker({ element, anchor: 'left', offset: [10, 0] }).setLngLat(at);
}
