// The bike in focus (the address's `bike`, or a click): the map flies to it and asks the page to
// open its popup; no bike in focus, no bike popup. Waits for the worker's first index, which
// knows where every bike is.
import { useEffect } from 'react';
import { useLatest, useMap } from '../core/map-context';
import type { MarkerFeed } from '../markers/marker-feed';

export interface FocusLayerProps {
  feed: MarkerFeed;
  focused: string | null;
  /** the worker has indexed the fleet (it knows where the bike is) */
  indexed: boolean;
  /** the bike whose popup is open, if any */
  open: string | null;
  onOpen(vehicleNumber: string, at: [number, number]): void;
  onClose(): void;
}

export function FocusLayer({ feed, focused, indexed, open, onOpen, onClose }: FocusLayerProps) {
  const map = useMap();
  const current = useLatest({ open, onOpen, onClose });
  useEffect(() => {
    if (!indexed) return;
    if (!focused) {
      if (current.current.open) current.current.onClose();
      return;
    }
    if (current.current.open === focused) return;
    void feed
      .ask<[number, number] | null>((requestId) => ({
        type: 'position',
        requestId,
        vehicleNumber: focused,
      }))
      .then((position) => {
        if (!position) return;
        map.easeTo({ center: position, zoom: Math.max(map.getZoom(), 15) });
        current.current.onOpen(focused, position);
      });
  }, [map, feed, focused, indexed, current]);
  return null;
}
