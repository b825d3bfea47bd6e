// The public surface of the shared map (src/map): what a page hands the map.
import type { ReactNode } from 'react';
import type { FleetFilter, FleetListItem } from '@vfm/contract';

export interface LiveBikes {
  /** coalesced batches from the app's stream controller; returns unsubscribe */
  subscribe(listener: (batch: { bikes: FleetListItem[]; removed: string[] }) => void): () => void;
  /** the stream asked to reload everything (resync) or reconnected after a loss */
  onResync(listener: () => void): () => void;
  /** the batches that came at or after `at` (performance.now()), to complete a markers snapshot */
  recentBikes?(at: number): Array<{ bikes: FleetListItem[]; removed: string[] }>;
}

export interface FleetMapProps {
  /** the list's filter; fleet/markers accepts the same parameters */
  filter: FleetFilter;
  /** the fleet's zones (docs/zones.md) as GeoJSON; given: drawn under the bikes, with a switch
   *  (null: still loading — the layer is there, the switch comes with the zones) */
  zones?: GeoJSON.FeatureCollection | null;
  /** thefts map: reported and suspected thefts only, followed live */
  theftsOnly?: boolean;
  live?: LiveBikes;
  /** feature-state 'selected' */
  selected?: ReadonlySet<string>;
  /** feature-state 'hover' (the list row under the pointer) */
  highlighted?: string | null;
  /** the bike in focus (the address): fly to it, open its popup */
  focused?: string | null;
  onHover?(vehicleNumber: string | null): void;
  /** Shift + drag */
  onBoxSelect?(vehicleNumbers: string[]): void;
  /** a bike clicked; null when its popup closes */
  onFocus?(vehicleNumber: string | null): void;
  /** the popup's link and the list of an unsplittable cluster */
  onOpenBike(vehicleNumber: string): void;
  /** the popup's content, rendered by the page */
  renderPopup(vehicleNumber: string): ReactNode;
}
