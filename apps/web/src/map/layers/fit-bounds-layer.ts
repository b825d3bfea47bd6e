// Brings a box into view when it changes (the zone chosen on the zones page), never zooming
// in closer than street level.
import { useEffect } from 'react';
import { useMap } from '../core/map-context';

export function FitBoundsLayer({ bbox }: { bbox: readonly number[] | null }) {
  const map = useMap();
  const key = bbox?.join(',') ?? '';
  useEffect(() => {
    if (!bbox || bbox.length !== 4) return;
    const [west, south, east, north] = bbox as [number, number, number, number];
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 80, maxZoom: 17, duration: 400 },
    );
    // the box is read when its key changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}
