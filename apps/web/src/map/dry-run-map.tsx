// A rule's dry run on a map (docs/rules.md "Dry run"): the map core with its firings. Lazy-loaded
// by the Rules screen so that maplibre stays out of its chunk.
import { MapView } from './core/map-view';
import { FiringsLayer, type Firing } from './layers/firings-layer';

export function DryRunMap({ firings, label }: { firings: readonly Firing[]; label: string }) {
  return (
    <MapView testId="dry-run-map" label={label} basemap="street" quiet>
      <FiringsLayer firings={firings} />
    </MapView>
  );
}

export default DryRunMap;
