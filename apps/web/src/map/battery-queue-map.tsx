// The battery swap queue's map (docs/tasks.md): the map core with the queue's bikes and its
// numbered stops. Lazy-loaded by the queue page so that maplibre stays out of other chunks.
import type { BatteryQueue } from '@vfm/contract';
import { MapView } from './core/map-view';
import { BatteryStopsLayer } from './layers/battery-stops-layer';

export interface BatteryQueueMapProps {
  queue: BatteryQueue;
  label: string;
  stopLabel(n: number): string;
  selected: number | null;
  onSelect(group: number): void;
}

export function BatteryQueueMap({ queue, label, ...stops }: BatteryQueueMapProps) {
  return (
    <MapView testId="battery-queue-map" label={label} basemap="street" quiet>
      <BatteryStopsLayer queue={queue} {...stops} />
    </MapView>
  );
}

export default BatteryQueueMap;
