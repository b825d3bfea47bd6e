// Shift + drag on the fleet map selects the bikes of a box (ADR 0072): the worker, which holds
// every bike, answers which are inside. MapLibre's own box zoom is off on this map.
import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useLatest, useMap } from '../core/map-context';
import type { MarkerFeed } from '../markers/marker-feed';
import type { BBox } from '../markers/worker-protocol';
import styles from '../fleet-map.module.css';

export interface BoxSelectLayerProps {
  feed: MarkerFeed;
  onBoxSelect?(vehicleNumbers: string[]): void;
}

export function BoxSelectLayer({ feed, onBoxSelect }: BoxSelectLayerProps) {
  const map = useMap();
  const select = useLatest(onBoxSelect);
  useEffect(() => {
    const canvas = map.getCanvasContainer();
    const onDown = (event: MouseEvent) => {
      if (!event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      void dragBox(map, event).then(async (bbox) => {
        const found = await feed.ask<string[]>((requestId) => ({
          type: 'within',
          requestId,
          bbox,
        }));
        if (found.length) select.current?.(found);
      });
    };
    canvas.addEventListener('mousedown', onDown);
    return () => canvas.removeEventListener('mousedown', onDown);
  }, [map, feed, select]);
  return null;
}

/** Draws the box while the pointer drags; its bounds once the button is released. */
function dragBox(map: MapLibreMap, down: MouseEvent): Promise<BBox> {
  const canvas = map.getCanvasContainer();
  const origin = canvas.getBoundingClientRect();
  const at = (event: MouseEvent) => ({
    x: event.clientX - origin.left,
    y: event.clientY - origin.top,
  });
  const start = at(down);
  const box = document.createElement('div');
  box.className = styles.box!;
  canvas.append(box);
  map.dragPan.disable();
  return new Promise((resolve) => {
    const move = (event: MouseEvent) => {
      const { x, y } = at(event);
      Object.assign(box.style, {
        left: `${Math.min(x, start.x)}px`,
        top: `${Math.min(y, start.y)}px`,
        width: `${Math.abs(x - start.x)}px`,
        height: `${Math.abs(y - start.y)}px`,
      });
    };
    const up = (event: MouseEvent) => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      box.remove();
      map.dragPan.enable();
      const end = at(event);
      const a = map.unproject([start.x, start.y]);
      const b = map.unproject([end.x, end.y]);
      resolve([
        Math.min(a.lng, b.lng),
        Math.min(a.lat, b.lat),
        Math.max(a.lng, b.lng),
        Math.max(a.lat, b.lat),
      ]);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  });
}
