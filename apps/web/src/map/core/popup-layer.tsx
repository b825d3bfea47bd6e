// A MapLibre popup whose content React renders (through a portal): the bike's popup and a
// cluster's list on the fleet map, later a zone's or a task's. The page decides what it shows;
// `onClose` says the user closed it (its button, Escape or a click elsewhere on the map).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { maplibregl } from './maplibre';
import { useLatest, useMap } from './map-context';

export interface PopupLayerProps {
  /** [longitude, latitude] */
  at: [number, number];
  onClose(): void;
  children: ReactNode;
}

export function PopupLayer({ at, onClose, children }: PopupLayerProps) {
  const map = useMap();
  const [content] = useState(() => document.createElement('div'));
  const closed = useLatest(onClose);
  const place = useLatest(at);
  const popup = useRef<maplibregl.Popup | null>(null);
  // one popup while the layer lasts: a bike that moves moves it, so that its content — a link
  // being clicked, the focus of a keyboard user — is never taken down and put back
  useEffect(() => {
    const opened = new maplibregl.Popup({ maxWidth: '320px', offset: 14, focusAfterOpen: false })
      .setLngLat(place.current)
      .setDOMContent(content)
      .addTo(map);
    popup.current = opened;
    // a popup cut by the map's edge is brought into view, once laid out and once the map is
    // still (a bike in focus is opened while the map eases to it)
    let frame = 0;
    const whenStill = () => {
      frame = requestAnimationFrame(() => panIntoView(map, opened.getElement()));
    };
    if (map.isMoving()) map.once('moveend', whenStill);
    else whenStill();
    const onUserClose = () => closed.current();
    opened.on('close', onUserClose);
    return () => {
      // unmounted by the page: not the user's close
      map.off('moveend', whenStill);
      cancelAnimationFrame(frame);
      opened.off('close', onUserClose);
      opened.remove();
      popup.current = null;
    };
  }, [map, content, place, closed]);
  const [longitude, latitude] = at;
  useEffect(() => {
    popup.current?.setLngLat([longitude, latitude]);
  }, [longitude, latitude]);
  return createPortal(children, content);
}

/** Room left between a popup brought into view and the map's edge (px). */
const MARGIN = 12;

/**
 * Pans the map so that `element` (an open popup) lies within the map, MARGIN from its edges: a
 * bike opened near the edge, or from the address (centred, its popup below it), shows its
 * popup whole — MapLibre does not pan to a popup by itself (Leaflet's autoPan does). A popup
 * taller or wider than the map keeps its top or left edge in view. The pan is eased, and
 * instant for users who ask for reduced motion (MapLibre's own rule).
 */
export function panIntoView(map: MapLibreMap, element: HTMLElement | undefined) {
  if (!element) return;
  const frame = map.getContainer().getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const shift = (start: number, end: number, from: number, to: number) => {
    if (start < from + MARGIN) return start - from - MARGIN;
    if (end > to - MARGIN) return Math.min(end - to + MARGIN, start - from - MARGIN);
    return 0;
  };
  const dx = shift(box.left, box.right, frame.left, frame.right);
  const dy = shift(box.top, box.bottom, frame.top, frame.bottom);
  if (dx !== 0 || dy !== 0) map.panBy([dx, dy]);
}
