// A page's selection of bikes (fleet list, warnings tab): toggle one, add or remove many,
// clear — also when the keyboard's Esc asks (docs/manager-tools.md: the window event below).
import { useCallback, useEffect, useState } from 'react';

/** Dispatched on window by the Esc shortcut: the page's selection empties. */
export const CLEAR_SELECTION_EVENT = 'vfm:clear-selection';

export function useBikeSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectMany = useCallback((vehicleNumbers: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const vehicleNumber of vehicleNumbers) {
        if (on) next.add(vehicleNumber);
        else next.delete(vehicleNumber);
      }
      return next;
    });
  }, []);
  const toggle = useCallback(
    (vehicleNumber: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(vehicleNumber)) next.add(vehicleNumber);
        return next;
      }),
    [],
  );
  const replace = useCallback(
    (vehicleNumbers: readonly string[]) => setSelected(new Set(vehicleNumbers)),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  useEffect(() => {
    window.addEventListener(CLEAR_SELECTION_EVENT, clear);
    return () => window.removeEventListener(CLEAR_SELECTION_EVENT, clear);
  }, [clear]);
  return { selected, toggle, selectMany, replace, clear };
}
