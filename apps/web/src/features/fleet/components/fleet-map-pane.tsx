// The map side of the fleet screen: the shared map (src/map) fed with the view's filter, the
// selection, the hovered row and the app's stream controller; its popup shows the bike.
// Lazy-loaded: maplibre stays out of every other route.
import { memo } from 'react';
import type { FleetFilter } from '@vfm/contract';
import { BikePopup } from '../../../bike/bike-popup';
import { useLive } from '../../../live/live-context';
import { FleetMap } from '../../../map/fleet-map';
import { useZoneCollection } from '../../../zones/api/get-zones';

export interface FleetMapPaneProps {
  filter: FleetFilter;
  theftsOnly: boolean;
  selected: ReadonlySet<string>;
  highlighted: string | null;
  focused: string | null;
  onHover(vehicleNumber: string | null): void;
  onBoxSelect(vehicleNumbers: string[]): void;
  onFocus(vehicleNumber: string | null): void;
  onOpenBike(vehicleNumber: string): void;
  lowBattery: { bike: number; iot: number };
  bikeHref(vehicleNumber: string): string;
}

function FleetMapPane({ lowBattery, bikeHref, ...props }: FleetMapPaneProps) {
  const live = useLive();
  const zones = useZoneCollection();
  return (
    <FleetMap
      {...props}
      live={live}
      zones={zones}
      renderPopup={(vehicleNumber) => (
        <BikePopup
          vehicleNumber={vehicleNumber}
          href={bikeHref(vehicleNumber)}
          lowBattery={lowBattery}
        />
      )}
    />
  );
}

/** Renders again only when its props change (the page's other answers leave the map be). */
export default memo(FleetMapPane);
