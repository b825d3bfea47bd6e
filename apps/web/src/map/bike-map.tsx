// One bike on a small map (the bike page): its position, and a trip's track with the replay
// cursor. The same basemap as the fleet map (offline by default, or MAP_STYLE_URL); lazy-loaded
// by the page so that maplibre stays out of other chunks. At street level the offline basemap
// needs no country shapes: the background is land.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { Spinner } from '../ui/spinner/spinner';
import { BASEMAP_COLOURS, offlineStyle, withAccessToken } from './basemap';
import { useMapSettings } from './map-settings';
import styles from './fleet-map.module.css';

maplibregl.setWorkerUrl(maplibreWorkerUrl);

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
}

const point = (coordinates: [number, number] | null | undefined): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features: coordinates
    ? [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates } }]
    : [],
});
const line = (track: BikeMapProps['track']): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features:
    track && track.length > 1
      ? [
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'LineString', coordinates: track.map((p) => [...p]) },
          },
        ]
      : [],
});

export function BikeMap({ position, colour, label, track, cursor }: BikeMapProps) {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!settings.data || !element) return;
    const { mapStyleUrl, mapAccessToken, demoStreets } = settings.data;
    const style = mapStyleUrl || offlineStyle(demoStreets);
    if (typeof style !== 'string') {
      const background = style.layers.find((layer) => layer.id === 'water');
      if (background?.type === 'background') {
        background.paint = { 'background-color': BASEMAP_COLOURS.land };
      }
    }
    let map: MapLibreMap;
    try {
      map = new maplibregl.Map({
        container: element,
        style,
        center: position ?? demoStreets[0]?.[0] ?? [2.35, 46.6],
        zoom: position ? 15 : 5,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        cooperativeGestures: false,
        transformRequest: withAccessToken(mapStyleUrl, mapAccessToken),
      });
    } catch {
      setFailed(true);
      return;
    }
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.getCanvas().setAttribute('role', 'img');
    map.on('load', () => {
      map.addSource('track', { type: 'geojson', data: line(undefined) });
      map.addSource('bike', { type: 'geojson', data: point(null) });
      map.addLayer({
        id: 'track-casing',
        type: 'line',
        source: 'track',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': 7 },
      });
      map.addLayer({
        id: 'track',
        type: 'line',
        source: 'track',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#1f5fc4', 'line-width': 4 },
      });
      map.addLayer({
        id: 'bike',
        type: 'circle',
        source: 'bike',
        paint: {
          'circle-radius': 9,
          'circle-color': ['coalesce', ['get', 'colour'], '#1f5fc4'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 3,
        },
      });
      setReady(true);
    });
    map.on('error', () => undefined);
    return () => {
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
    // the map is created once per settings; positions follow in the effects below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.data]);

  useEffect(() => {
    mapRef.current?.getCanvas().setAttribute('aria-label', label);
  }, [label, ready]);

  // the bike (or, while a trip is shown, the replay cursor)
  const shown = track?.length ? (cursor ?? track[0] ?? null) : position;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const data = point(shown);
    for (const feature of data.features) feature.properties = { colour };
    (map.getSource('bike') as GeoJSONSource | undefined)?.setData(data);
  }, [ready, shown?.[0], shown?.[1], colour]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    (map.getSource('track') as GeoJSONSource | undefined)?.setData(line(track));
    if (track && track.length > 1) {
      const bounds = new maplibregl.LngLatBounds();
      for (const p of track) bounds.extend(p);
      map.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 });
    } else if (position) {
      map.jumpTo({ center: position, zoom: Math.max(map.getZoom(), 14) });
    }
  }, [ready, track]); // eslint-disable-line react-hooks/exhaustive-deps

  // a bike that moves stays in view
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || track?.length || !position) return;
    if (!map.getBounds().contains(position)) map.easeTo({ center: position });
  }, [ready, position?.[0], position?.[1]]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className={styles.wrap} data-testid="bike-map" data-ready={ready}>
      <div ref={container} className={styles.map} />
      {(failed || settings.isError) && (
        <div className={styles.overlay} role="status">
          {t('map.failed')}
        </div>
      )}
      {!ready && !failed && !settings.isError && (
        <div className={styles.overlay} aria-busy="true">
          <Spinner />
        </div>
      )}
    </div>
  );
}

export default BikeMap;
