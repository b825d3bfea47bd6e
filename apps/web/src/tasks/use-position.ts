// The browser's position for field work (docs/tasks.md, §5): asked once; refused or unavailable is
// said so the page can explain its order.
import { useEffect, useState } from 'react';

export type Position =
  | { state: 'asking' }
  | { state: 'known'; near: string }
  | { state: 'refused' }
  | { state: 'unavailable' };

export function usePosition(): Position {
  const [position, setPosition] = useState<Position>(() =>
    typeof navigator !== 'undefined' && navigator.geolocation
      ? { state: 'asking' }
      : { state: 'unavailable' },
  );
  useEffect(() => {
    if (!navigator.geolocation) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setPosition({
          state: 'known',
          near: `${coords.latitude.toFixed(6)},${coords.longitude.toFixed(6)}`,
        }),
      (error) =>
        setPosition({ state: error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable' }),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }, []);
  return position;
}
