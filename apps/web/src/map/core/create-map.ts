// One MapLibre map as every map of VFM has it: the deployment's style (MAP_STYLE_URL with its
// token) or the offline basemap, no attribution box, no rotation, zoom buttons.
import type { Map as MapLibreMap, PaddingOptions } from 'maplibre-gl';
import type { AppSettings } from '@vfm/contract';
import { offlineStyle, withAccessToken, type Basemap } from './basemap';
import { maplibregl } from './maplibre';

/** A first view: a place at a zoom, or an extent fitted into the map's box. */
export type Camera =
  | { center: [number, number]; zoom: number }
  | {
      bounds: [number, number, number, number];
      padding: number | PaddingOptions;
      maxZoom: number;
    };

const FRANCE: [number, number] = [2.35, 46.6];

/** The first view when none is asked: the demo city, else France. */
export const homeView = (demoStreets: AppSettings['demoStreets']): Camera => ({
  center: demoStreets[0]?.[0] ?? FRANCE,
  zoom: demoStreets.length ? 12 : 5,
});

export interface MapOptions {
  basemap: Basemap;
  camera?: Camera;
  /** MapLibre's Shift + drag zoom; off where Shift + drag selects */
  boxZoom: boolean;
  /** the offline basemap's colours (docs/manager-tools.md) */
  theme?: 'light' | 'dark';
}

/**
 * The deployment's style for a theme (docs/manager-tools.md): MAP_STYLE_URL_DARK in dark mode when it is
 * set, else MAP_STYLE_URL; '' is the offline basemap, which paints itself in either theme.
 */
export const styleUrlFor = (
  settings: Pick<AppSettings, 'mapStyleUrl' | 'mapStyleUrlDark'>,
  theme: 'light' | 'dark',
): string =>
  theme === 'dark' && settings.mapStyleUrl && settings.mapStyleUrlDark
    ? settings.mapStyleUrlDark
    : settings.mapStyleUrl;

/** MapLibre's options for a first view. */
export const cameraOptions = (camera: Camera) =>
  'bounds' in camera
    ? {
        bounds: camera.bounds,
        fitBoundsOptions: { padding: camera.padding, maxZoom: camera.maxZoom },
      }
    : camera;

/** The map, or null when the browser cannot draw one (no WebGL). */
export function createMap(
  container: HTMLElement,
  settings: AppSettings,
  options: MapOptions,
): MapLibreMap | null {
  const { mapAccessToken, demoStreets } = settings;
  const styleUrl = styleUrlFor(settings, options.theme ?? 'light');
  let map: MapLibreMap;
  try {
    map = new maplibregl.Map({
      container,
      style: styleUrl || offlineStyle(demoStreets, options.basemap, options.theme),
      ...cameraOptions(options.camera ?? homeView(demoStreets)),
      attributionControl: false,
      boxZoom: options.boxZoom,
      dragRotate: false,
      pitchWithRotate: false,
      transformRequest: withAccessToken(styleUrl, mapAccessToken),
    });
  } catch {
    return null;
  }
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  map.getCanvas().setAttribute('role', 'img');
  return map;
}
