// One bike on a small map (the bike page, ADR 0074): the map core with a trip's track and the
// bike (or the replay cursor) as layers. The same basemap as the fleet map (offline by default,
// or MAP_STYLE_URL); at street level the offline basemap needs no country shapes, its background
// is land. Lazy-loaded by the page so that maplibre stays out of other chunks.
import { MapView } from './core/map-view';
import { BikeLayer } from './layers/bike-layer';
import { TrackLayer } from './layers/track-layer';
import { ZonesLayer } from './layers/zones-layer';
import { useZonesShown, ZonesToggle } from './zones-toggle';
import styles from './fleet-map.module.css';

export interface BikeMapProps {
  /** [longitude, latitude] of the bike; null when it never reported one */
  position: [number, number] | null;
  /** the marker colour (the bike's kind, marker-style.ts) */
  colour: string;
  /** what the map shows, for screen readers */
  label: string;
  /** a trip's points [longitude, latitude], drawn as a line the view fits */
  track?: ReadonlyArray<[number, number]>;
  /** the replay cursor on the track */
  cursor?: [number, number] | null;
  /** the fleet's zones (docs/zones.md), drawn under the track, with a switch */
  zones?: GeoJSON.FeatureCollection | null;
}

export function BikeMap({ position, colour, label, track, cursor, zones }: BikeMapProps) {
  const replaying = !!track?.length;
  const [zonesShown, showZones] = useZonesShown();
  return (
    <MapView
      testId="bike-map"
      label={label}
      basemap="street"
      camera={position ? { center: position, zoom: 15 } : undefined}
      quiet
      controls={
        zones ? (
          <div className={styles.legendSlot}>
            <ZonesToggle shown={zonesShown} onChange={showZones} />
          </div>
        ) : undefined
      }
    >
      {zones && zonesShown && <ZonesLayer zones={zones} />}
      <TrackLayer track={track} position={position} />
      <BikeLayer
        at={replaying ? (cursor ?? track?.[0] ?? null) : position}
        colour={colour}
        follow={!replaying}
      />
    </MapView>
  );
}

export default BikeMap;
