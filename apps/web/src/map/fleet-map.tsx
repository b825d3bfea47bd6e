// The fleet map (ADR 0072): the map core with the fleet's layers. The bikes are indexed and
// clustered in a worker (markers/) that hands over only what is in view; each layer below is
// one file of layers/. React renders only this composition, the count and the popup's content.
// Lazy-loaded: maplibre-gl is in no other chunk.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView } from './core/map-view';
import { PopupLayer } from './core/popup-layer';
import type { FleetMapProps } from './fleet-map-props';
import { BoxSelectLayer } from './layers/box-select-layer';
import { ClusterList } from './layers/cluster-list';
import { ClustersLayer } from './layers/clusters-layer';
import { FLEET_FIT, FleetCamera } from './layers/fleet-camera';
import { FocusLayer } from './layers/focus-layer';
import { LabelsLayer } from './layers/labels-layer';
import { LandLayer } from './layers/land-layer';
import { MarkersLayer } from './layers/markers-layer';
import { SelectionLayer } from './layers/selection-layer';
import { ZonesLayer } from './layers/zones-layer';
import { MapLegend } from './map-legend';
import { earlyBounds } from './markers/early-feed';
import type { MarkerFeed } from './markers/marker-feed';
import { useMarkerFeed } from './markers/use-marker-feed';
import { useZonesShown, ZonesToggle } from './zones-toggle';
import { HeatmapControl, useHeatmapOnMap } from './heatmap-control';
import { HeatmapLayer } from './layers/heatmap-layer';
import styles from './fleet-map.module.css';

type Popup = { at: [number, number] } & (
  { kind: 'bike'; vehicleNumber: string } | { kind: 'cluster'; vehicleNumbers: string[] }
);

export function FleetMap(props: FleetMapProps) {
  const { t } = useTranslation();
  const filter = { ...props.filter, theftsOnly: props.theftsOnly };
  const { feed, count } = useMarkerFeed(filter, props.live);
  // born fitted to the fleet when a worker started early has read it (ADR 0115): the basemap's
  // and the layers' sources are cut into tiles once, at the fleet's zoom, not first at the home
  // view's
  const [camera] = useState(() => {
    const bounds = earlyBounds(filter);
    return bounds ? { bounds, ...FLEET_FIT } : undefined;
  });
  // the bike in focus: the page's (`focused` + `onFocus`), else the map's own
  const [ownFocus, setOwnFocus] = useState<string | null>(null);
  const focused = (props.onFocus ? props.focused : ownFocus) ?? null;
  const focus = props.onFocus ?? setOwnFocus;
  const [popup, setPopup] = useState<Popup | null>(null);
  const [zonesShown, showZones] = useZonesShown();
  // docs/rebalancing.md: a heat map in H3 cells under the bikes, with its legend
  const heat = useHeatmapOnMap();
  // the zones come once the bikes' first view is on screen (docs/performance.md: 1,000 zones must not
  // delay the markers), like the land; their layer is on the map from the start (still loading:
  // null), so that it is not added while the first view is being drawn (ADR 0115)
  const firstViewDrawn = useFirstViewDrawn(feed);
  const showsZones = props.zones !== undefined && zonesShown;
  const closePopup = () => {
    setPopup(null);
    if (popup?.kind === 'bike') focus(null);
  };

  return (
    <MapView
      testId="fleet-map"
      label={t('map.label')}
      boxZoom={false}
      camera={camera}
      loadingText={t('map.loading')}
      controls={
        <div className={styles.legendSlot}>
          <MapLegend />
          {props.zones && <ZonesToggle shown={zonesShown} onChange={showZones} />}
          {heat.enabled && <HeatmapControl {...heat} />}
        </div>
      }
    >
      {feed && (
        <>
          <LandLayer feed={feed} />
          {showsZones && <ZonesLayer zones={firstViewDrawn ? (props.zones ?? null) : null} />}
          {heat.enabled && <HeatmapLayer heatmap={heat.heatmap} />}
          <FleetCamera feed={feed} />
          <MarkersLayer feed={feed} onFocus={focus} onHover={props.onHover} />
          <SelectionLayer highlighted={props.highlighted} selected={props.selected} />
          <ClustersLayer
            feed={feed}
            onList={(at, vehicleNumbers) => setPopup({ kind: 'cluster', at, vehicleNumbers })}
          />
          <LabelsLayer feed={feed} />
          <BoxSelectLayer feed={feed} onBoxSelect={props.onBoxSelect} />
          <FocusLayer
            feed={feed}
            focused={focused}
            indexed={count !== null}
            open={popup?.kind === 'bike' ? popup.vehicleNumber : null}
            onOpen={(vehicleNumber, at) => setPopup({ kind: 'bike', at, vehicleNumber })}
            onClose={() => setPopup(null)}
          />
        </>
      )}
      {popup && (
        <PopupLayer at={popup.at} onClose={closePopup}>
          {popup.kind === 'bike' ? (
            props.renderPopup(popup.vehicleNumber)
          ) : (
            <ClusterList vehicleNumbers={popup.vehicleNumbers} onOpenBike={props.onOpenBike} />
          )}
        </PopupLayer>
      )}
      {count !== null && (
        <p className={styles.count} role="status" data-testid="map-count">
          {count ? t('map.count', { count }) : t('map.none')}
        </p>
      )}
    </MapView>
  );
}

/** Whether the bikes' first view is on screen (the feed's `drawn`), or could not come (an
 *  empty fleet, or a few seconds passed). */
function useFirstViewDrawn(feed: MarkerFeed | null): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!feed || drawn) return;
    const done = () => setDrawn(true);
    const timer = window.setTimeout(done, FIRST_VIEW_AT_THE_LATEST_MS);
    if (feed.loaded && !feed.loaded.bounds) done();
    const stop = feed.listen((event) => {
      if (event.type === 'drawn' || (event.type === 'loaded' && !event.bounds)) done();
    });
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [feed, drawn]);
  return drawn;
}

const FIRST_VIEW_AT_THE_LATEST_MS = 4_000;

export default FleetMap;
