// The bikes of a warnings tab on the shared map (the theft tabs show the thefts map), live.
// Lazy-loaded with the map toggle.
import { useNavigate } from 'react-router';
import type { WarningType } from '@vfm/contract';
import { BikePopup } from '../../../bike/bike-popup';
import { useLive } from '../../../live/live-context';
import { useLowBatteryThresholds } from '../../../live/use-fleet-information';
import { FleetMap } from '../../../map/fleet-map';
import { WARNING_TYPES } from '@vfm/contract';
import { bikePath } from '../../../bike/bike-path';

export default function WarningsMap({ type }: { type: WarningType | null }) {
  const live = useLive();
  const navigate = useNavigate();
  const lowBattery = useLowBatteryThresholds();
  const thefts = type === 'REPORTED_THEFT' || type === 'SUSPECTED_THEFT';
  return (
    <FleetMap
      filter={{ warning: type ? [type] : [...WARNING_TYPES] }}
      theftsOnly={thefts}
      live={live}
      onOpenBike={(vehicleNumber) => void navigate(bikePath(vehicleNumber))}
      renderPopup={(vehicleNumber) => (
        <BikePopup
          vehicleNumber={vehicleNumber}
          href={bikePath(vehicleNumber)}
          lowBattery={lowBattery}
        />
      )}
    />
  );
}
