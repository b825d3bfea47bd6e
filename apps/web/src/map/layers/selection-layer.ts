// The list's hovered row and the selected bikes, shown on the fleet's circles as feature-state
// (no data is uploaded again). Mounted after the markers layer, whose sources it marks.
import { useEffect, useRef } from 'react';
import { useMap } from '../core/map-context';
import { BIKE_SOURCES } from './markers-layer';

export interface SelectionLayerProps {
  highlighted?: string | null;
  selected?: ReadonlySet<string>;
}

export function SelectionLayer({ highlighted = null, selected }: SelectionLayerProps) {
  const map = useMap();
  const shown = useRef<{ hover: string | null; selected: ReadonlySet<string> }>({
    hover: null,
    selected: new Set(),
  });
  useEffect(() => {
    const set = (vehicleNumber: string, state: Record<string, boolean>) => {
      for (const source of BIKE_SOURCES) map.setFeatureState({ source, id: vehicleNumber }, state);
    };
    const before = shown.current;
    if (before.hover && before.hover !== highlighted) set(before.hover, { hover: false });
    if (highlighted) set(highlighted, { hover: true });
    const wanted = selected ?? new Set<string>();
    for (const vehicleNumber of before.selected)
      if (!wanted.has(vehicleNumber)) set(vehicleNumber, { selected: false });
    for (const vehicleNumber of wanted)
      if (!before.selected.has(vehicleNumber)) set(vehicleNumber, { selected: true });
    shown.current = { hover: highlighted, selected: new Set(wanted) };
  }, [map, highlighted, selected]);
  return null;
}
