// A page's selection of bikes (fleet list, warnings tab): toggle one, add or remove many,
// clear.
import { useCallback, useState } from 'react';

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
  return { selected, toggle, selectMany, replace, clear };
}
