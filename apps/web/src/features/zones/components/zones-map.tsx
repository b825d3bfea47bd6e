// The zones page's map: every zone as the fleet map shows it, the one being edited replaced by
// the drawing layer (terra-draw). Lazy-loaded: maplibre and terra-draw stay out of other
// routes.
import { useMemo } from 'react';
import type { Zone } from '@vfm/contract';
import { MapView } from '../../../map/core/map-view';
import { FitBoundsLayer } from '../../../map/layers/fit-bounds-layer';
import { ZoneDrawLayer } from '../../../map/layers/zone-draw-layer';
import { ZonesLayer } from '../../../map/layers/zones-layer';
import { zonesToFeatureCollection } from '../../../zones/zones-geojson';

export interface ZonesMapProps {
  label: string;
  zones: readonly Zone[];
  selected: string | null;
  shapeMode: 'off' | 'draw' | 'edit';
  editKey: string;
  shape: GeoJSON.Polygon | null;
  colour: string;
  onSelect(id: string): void;
  onShape(shape: GeoJSON.Polygon | null): void;
}

export default function ZonesMap(props: ZonesMapProps) {
  const { zones, selected, shapeMode } = props;
  const shown = useMemo(
    () =>
      zonesToFeatureCollection(
        shapeMode === 'edit' ? zones.filter((zone) => zone.id !== selected) : zones,
      ),
    [zones, selected, shapeMode],
  );
  const camera = useMemo(() => cameraOf(zones), [zones]);
  const focus = zones.find((zone) => zone.id === selected)?.bbox ?? null;
  return (
    <MapView testId="zones-map" label={props.label} basemap="street" camera={camera} quiet>
      <ZonesLayer
        zones={shown}
        selected={selected}
        onSelect={shapeMode === 'off' ? props.onSelect : undefined}
      />
      <FitBoundsLayer bbox={focus} />
      <ZoneDrawLayer
        mode={shapeMode}
        geometry={props.shape}
        editKey={props.editKey}
        colour={props.colour}
        onGeometry={props.onShape}
      />
    </MapView>
  );
}

/** The first view: every zone in sight, else the map's home. */
function cameraOf(zones: readonly Zone[]) {
  if (!zones.length) return undefined;
  const west = Math.min(...zones.map((zone) => zone.bbox[0]!));
  const south = Math.min(...zones.map((zone) => zone.bbox[1]!));
  const east = Math.max(...zones.map((zone) => zone.bbox[2]!));
  const north = Math.max(...zones.map((zone) => zone.bbox[3]!));
  const span = Math.max(east - west, (north - south) * 1.5, 0.002);
  const zoom = Math.max(2, Math.min(17, Math.log2(360 / span) - 0.6));
  return { center: [(west + east) / 2, (south + north) / 2] as [number, number], zoom };
}
