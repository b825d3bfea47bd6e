// The built-in offline basemap (README, DESIGN §2): water, land and borders from the packaged
// Natural Earth 1:50m countries (world-atlas), and in demo mode the simulated city's streets.
// No tiles, glyphs or sprites: nothing leaves the server. MAP_STYLE_URL replaces it by any
// MapLibre style (MAP_ACCESS_TOKEN is added to that style's requests).
import type { StyleSpecification } from 'maplibre-gl';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

export const BASEMAP_COLOURS = {
  water: '#d6e4ee',
  land: '#f3f1ec',
  border: '#b5ad9e',
  street: '#ffffff',
  streetCasing: '#dcd6ca',
};

/** The dark basemap (docs/manager-tools.md): night blue water, slate land, streets a step lighter. */
export const BASEMAP_DARK_COLOURS: typeof BASEMAP_COLOURS = {
  water: '#0d2233',
  land: '#1b2631',
  border: '#4d5b69',
  street: '#33414f',
  streetCasing: '#141d26',
};

export const basemapColours = (theme: 'light' | 'dark') =>
  theme === 'dark' ? BASEMAP_DARK_COLOURS : BASEMAP_COLOURS;

/** Repaints the offline basemap's layers in a theme's colours (a MAP_STYLE_URL is left as is). */
export function paintBasemap(
  map: {
    getLayer(id: string): unknown;
    setPaintProperty(id: string, name: string, value: unknown): void;
  },
  basemap: Basemap,
  theme: 'light' | 'dark',
): void {
  const colours = basemapColours(theme);
  const paints: Array<[string, string, string]> = [
    ['water', 'background-color', colours[basemap === 'street' ? 'land' : 'water']],
    ['land', 'fill-color', colours.land],
    ['borders', 'line-color', colours.border],
    ['street-casing', 'line-color', colours.streetCasing],
    ['streets', 'line-color', colours.street],
  ];
  for (const [id, name, value] of paints)
    if (map.getLayer(id)) map.setPaintProperty(id, name, value);
}

/**
 * `world`: water behind the countries' land (the fleet map; the land arrives later, from the
 * marker worker). `street`: a small map at street level needs no country shapes, its
 * background is land (the bike map).
 */
export type Basemap = 'world' | 'street';

export function offlineStyle(
  demoStreets: Array<Array<[number, number]>>,
  basemap: Basemap = 'world',
  theme: 'light' | 'dark' = 'light',
): StyleSpecification {
  const BASEMAP_COLOURS = basemapColours(theme);
  const streets: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: demoStreets.map((line) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: line },
    })),
  };
  const width = (base: number) =>
    [
      'interpolate',
      ['exponential', 1.6],
      ['zoom'],
      11,
      base * 0.4,
      14,
      base * 2,
      17,
      base * 9,
    ] as never;
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: EMPTY },
      borders: { type: 'geojson', data: EMPTY },
      streets: { type: 'geojson', data: streets },
    },
    layers: [
      {
        id: 'water',
        type: 'background',
        paint: { 'background-color': BASEMAP_COLOURS[basemap === 'street' ? 'land' : 'water'] },
      },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': BASEMAP_COLOURS.land } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': BASEMAP_COLOURS.border, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'street-casing',
        type: 'line',
        source: 'streets',
        minzoom: 11,
        paint: { 'line-color': BASEMAP_COLOURS.streetCasing, 'line-width': width(1.5) },
      },
      {
        id: 'streets',
        type: 'line',
        source: 'streets',
        minzoom: 11,
        paint: { 'line-color': BASEMAP_COLOURS.street, 'line-width': width(1.1) },
      },
    ],
  };
}

/** Adds the access token to the requests of a configured style's own host. */
export function withAccessToken(styleUrl: string, token: string) {
  if (!token || !styleUrl) return undefined;
  const host = new URL(styleUrl, window.location.href).host;
  return (url: string) => {
    const target = new URL(url, window.location.href);
    if (target.host !== host || target.searchParams.has('access_token')) return { url };
    target.searchParams.set('access_token', token);
    return { url: target.toString() };
  };
}
