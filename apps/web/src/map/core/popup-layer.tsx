// A MapLibre popup whose content React renders (through a portal): the bike's popup and a
// cluster's list on the fleet map, later a zone's or a task's. The page decides what it shows;
// `onClose` says the user closed it (its button, Escape or a click elsewhere on the map).
import { useEffect, useState, type ReactNode } from 'react';
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
  const [longitude, latitude] = at;
  useEffect(() => {
    const popup = new maplibregl.Popup({ maxWidth: '320px', offset: 14, focusAfterOpen: false })
      .setLngLat([longitude, latitude])
      .setDOMContent(content)
      .addTo(map);
    const onUserClose = () => closed.current();
    popup.on('close', onUserClose);
    return () => {
      // replaced or unmounted by the page: not the user's close
      popup.off('close', onUserClose);
      popup.remove();
    };
  }, [map, content, longitude, latitude, closed]);
  return createPortal(children, content);
}
