// A MapLibre popup whose content React renders (through a portal): the bike's popup and a
// cluster's list on the fleet map, later a zone's or a task's. The page decides what it shows;
// `onClose` says the user closed it (its button, Escape or a click elsewhere on the map).
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
    const onUserClose = () => closed.current();
    opened.on('close', onUserClose);
    return () => {
      // unmounted by the page: not the user's close
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
