// The map core (ADR 0072): every map of the app is a <MapView> with layers as its children. It
// creates one MapLibre map once the map settings are known (style, basemap, first camera),
// keeps it sized to its box (MapLibre watches the container), names it for screen readers,
// shows loading and failure, and renders its children — the layers — once the map has loaded,
// under a context that hands them the map (useMap). Model: traccar-web src/map/core/MapView.jsx.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { Spinner } from '../../ui/spinner/spinner';
import { effectiveTheme, useEffectiveTheme } from '../../ui/theme/theme';
import { paintBasemap, type Basemap } from './basemap';
import { createMap, styleUrlFor, type Camera } from './create-map';
import { MapContext, useLatest } from './map-context';
import { useMapSettings } from './map-settings';
import styles from './map-view.module.css';

export interface MapViewProps {
  /** what the map shows, for screen readers (the canvas's name) */
  label: string;
  /** the test id of the map's box, which says data-ready="true" once the map has loaded */
  testId: string;
  /** the offline basemap's kind (basemap.ts); a MAP_STYLE_URL replaces either */
  basemap?: Basemap;
  /** the first view (read once); by default the demo city, else France */
  camera?: Camera;
  /** MapLibre's Shift + drag zoom; off where Shift + drag selects bikes */
  boxZoom?: boolean;
  /** MapLibre's errors (a tile or a style that failed to load) are not logged */
  quiet?: boolean;
  /** said beside the spinner while the map loads */
  loadingText?: string;
  /** over the map from the start (a legend) */
  controls?: ReactNode;
  /** the layers, rendered once the map has loaded */
  children?: ReactNode;
}

export function MapView(props: MapViewProps) {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const container = useRef<HTMLDivElement>(null);
  const created = useRef<MapLibreMap | null>(null);
  const [loaded, setLoaded] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  // the map is created once per settings: the camera and the options are read then
  const options = useLatest(props);
  const theme = useEffectiveTheme();
  // a deployment's own dark style (MAP_STYLE_URL_DARK) is another style: the map is made again
  // with it, where the user was looking; the offline basemap repaints itself (below)
  const styleUrl = settings.data ? styleUrlFor(settings.data, theme) : null;
  const lastCamera = useRef<Camera | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!settings.data || !element || styleUrl === null) return;
    const { basemap = 'world', camera, boxZoom = true, quiet } = options.current;
    const map = createMap(element, settings.data, {
      basemap,
      camera: lastCamera.current ?? camera,
      boxZoom,
      theme: effectiveTheme(),
    });
    if (!map) {
      setFailed(true);
      return;
    }
    created.current = map;
    map.getCanvas().setAttribute('aria-label', options.current.label);
    if (quiet) map.on('error', () => undefined);
    map.on('load', () => setLoaded(map));
    return () => {
      const center = map.getCenter().toArray() as [number, number];
      lastCamera.current = { center, zoom: map.getZoom() };
      setLoaded(null);
      created.current = null;
      map.remove();
    };
  }, [settings.data, options, styleUrl]);

  useEffect(() => {
    created.current?.getCanvas().setAttribute('aria-label', props.label);
  }, [props.label]);

  // the theme changed under the map (My account, or the device): the basemap follows
  useEffect(() => {
    if (loaded && !settings.data?.mapStyleUrl) {
      paintBasemap(loaded, options.current.basemap ?? 'world', theme);
    }
  }, [loaded, theme, settings.data?.mapStyleUrl, options]);

  const unavailable = failed || settings.isError;
  return (
    <div
      className={styles.wrap}
      data-testid={props.testId}
      data-ready={!!loaded || undefined}
      data-theme-map={theme}
    >
      <div ref={container} className={styles.map} />
      {unavailable && (
        <div className={styles.overlay} role="status">
          {t('map.failed')}
        </div>
      )}
      {!loaded && !unavailable && (
        <div className={styles.overlay} aria-busy="true">
          <Spinner /> {props.loadingText}
        </div>
      )}
      {loaded && <MapContext.Provider value={loaded}>{props.children}</MapContext.Provider>}
      {props.controls}
    </div>
  );
}
