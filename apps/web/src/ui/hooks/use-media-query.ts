import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@vfm/contract/constants';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** SPEC §9: below 600 px the layout is the mobile one. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

/**
 * Below 1024 px (a tablet, a narrow window) the frame makes room for the page: the navigation
 * rail starts collapsed and the header's profile menu shows the avatar alone (docs/web.md).
 */
export const NARROW_QUERY = '(max-width: 1023.98px)';

export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
