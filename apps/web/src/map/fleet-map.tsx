// The shared map (issue "fleet screen" §2, ADR 0072): MapLibre outside React's render, the
// bikes indexed and clustered in a worker that hands over only what is in view, live changes
// applied there, hover and selection as feature-state. Lazy-loaded: maplibre-gl is in no other
// chunk.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useServices } from '../services/services';
import { Spinner } from '../ui/spinner/spinner';
import { offlineStyle, withAccessToken } from './basemap';
import type { FleetMapProps } from './fleet-map-props';
import { MapLegend } from './map-legend';
import { useMapSettings } from './map-settings';
import { fetchMarkers, markersKey } from './markers-source';
import { MARKER_KINDS, type MapFilter, type MarkerView, type ViewCluster } from './marker-index';
import { KIND_COLOURS } from './marker-style';
import type { BBox, ExpandReply, FromWorker, ToWorker } from './worker-protocol';
import styles from './fleet-map.module.css';

// maplibre's own worker, bundled by Vite as a file of its own (its default URL is relative to a
// module that bundling renames)
maplibregl.setWorkerUrl(maplibreWorkerUrl);

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const LABEL_ZOOM = 16;
const DRAWN_MARK = 'vfm:markers-drawn';
const FRANCE: [number, number] = [2.35, 46.6];

type Popup =
  { kind: 'bike'; vehicleNumber: string } | { kind: 'cluster'; vehicleNumbers: string[] };

function colourByKind() {
  return [
    'match',
    ['get', 'k'],
    ...MARKER_KINDS.flatMap((kind, index) => [index, KIND_COLOURS[kind]]),
    KIND_COLOURS.unavailable,
  ] as never;
}

function addMarkerLayers(map: MapLibreMap) {
  map.addSource('bikes', { type: 'geojson', data: EMPTY, promoteId: 'vn' });
  map.addSource('thefts', { type: 'geojson', data: EMPTY, promoteId: 'vn' });
  const radius = (base: number) =>
    [
      'case',
      ['boolean', ['feature-state', 'hover'], false],
      base + 3,
      ['boolean', ['feature-state', 'selected'], false],
      base + 1.5,
      base,
    ] as never;
  const stroke = [
    'case',
    ['boolean', ['feature-state', 'selected'], false],
    '#0b1d2e',
    ['boolean', ['feature-state', 'hover'], false],
    '#0b1d2e',
    '#ffffff',
  ] as never;
  map.addLayer({
    id: 'bike-circles',
    type: 'circle',
    source: 'bikes',
    paint: {
      'circle-color': colourByKind(),
      'circle-radius': radius(6),
      'circle-stroke-width': 2,
      'circle-stroke-color': stroke,
    },
  });
  map.addLayer({
    id: 'theft-halo',
    type: 'circle',
    source: 'thefts',
    paint: { 'circle-color': colourByKind(), 'circle-radius': 16, 'circle-opacity': 0.22 },
  });
  map.addLayer({
    id: 'theft-circles',
    type: 'circle',
    source: 'thefts',
    paint: {
      'circle-color': colourByKind(),
      'circle-radius': radius(8),
      'circle-stroke-width': 2.5,
      'circle-stroke-color': stroke,
    },
  });
}

export function FleetMap(props: FleetMapProps) {
  const { t, i18n } = useTranslation();
  const { http, queryClient } = useServices();
  // a cluster of thousands reads "12 k" (its button's name and tooltip give the exact count)
  const [compact] = useState(
    () => new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }),
  );
  const settings = useMapSettings();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const workerRef = useRef<Worker | null>(null);
  // the bike in focus: the page's (`focused` + `onFocus`), else the map's own
  const [ownFocus, setOwnFocus] = useState<string | null>(null);
  const focus = (vehicleNumber: string | null) =>
    props.onFocus ? props.onFocus(vehicleNumber) : setOwnFocus(vehicleNumber);
  const propsRef = useRef({ ...props, focus });
  propsRef.current = { ...props, focus };
  const pending = useRef(new Map<number, (data: unknown) => void>());
  const requestId = useRef(0);
  const htmlMarkers = useRef(new Map<string, maplibregl.Marker>());
  /** the cluster each button stands for now */
  const [clusterOf] = useState(() => new WeakMap<HTMLElement, ViewCluster>());
  const popupRef = useRef<maplibregl.Popup | null>(null);
  const [popupNode] = useState(() => document.createElement('div'));
  const [popup, setPopup] = useState<Popup | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const fitted = useRef(false);
  const shown = useRef<{ hover: string | null; selected: Set<string> }>({
    hover: null,
    selected: new Set(),
  });

  const send = (message: ToWorker) => workerRef.current?.postMessage(message);
  const ask = <T,>(message: (id: number) => ToWorker) =>
    new Promise<T>((resolve) => {
      requestId.current += 1;
      pending.current.set(requestId.current, resolve as (data: unknown) => void);
      send(message(requestId.current));
    });

  const filter: MapFilter = { ...props.filter, theftsOnly: props.theftsOnly };
  const filterKey = JSON.stringify(filter);

  // the worker starts at once: it indexes the fleet while MapLibre is still loading
  const onWorkerMessage = useRef<((message: FromWorker) => void) | null>(null);
  const lastLoaded = useRef<Extract<FromWorker, { type: 'loaded' }> | null>(null);
  const [workerReady, setWorkerReady] = useState(false);
  useEffect(() => {
    if (typeof Worker === 'undefined') return;
    const worker = new Worker(new URL('./marker-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'reply') {
        pending.current.get(message.requestId)?.(message.data);
        pending.current.delete(message.requestId);
        return;
      }
      if (message.type === 'error') console.error('map worker:', message.message);
      if (message.type === 'loaded') {
        lastLoaded.current = message;
        setCount(message.count);
      }
      onWorkerMessage.current?.(message);
    };
    workerRef.current = worker;
    setWorkerReady(true);
    return () => {
      worker.terminate();
      workerRef.current = null;
      setWorkerReady(false);
    };
  }, []);

  // the map and its events: once, when the settings are known
  useEffect(() => {
    const element = container.current;
    if (!settings.data || !element) return;
    const { mapStyleUrl, mapAccessToken, demoStreets } = settings.data;
    let map: MapLibreMap;
    try {
      map = new maplibregl.Map({
        container: element,
        style: mapStyleUrl || offlineStyle(demoStreets),
        center: demoStreets[0]?.[0] ?? FRANCE,
        zoom: demoStreets.length ? 12 : 5,
        attributionControl: false,
        boxZoom: false,
        dragRotate: false,
        pitchWithRotate: false,
        transformRequest: withAccessToken(mapStyleUrl, mapAccessToken),
      });
    } catch {
      setFailed(true);
      return;
    }
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.getCanvas().setAttribute('aria-label', t('map.label'));
    map.getCanvas().setAttribute('role', 'img');

    const worker = workerRef.current;
    if (!worker) return;
    const pushView = () => {
      const bounds = map.getBounds();
      const bbox: BBox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
      worker.postMessage({ type: 'view', bbox, zoom: map.getZoom() } satisfies ToWorker);
    };
    const fitFleet = (bounds: BBox | null) => {
      if (fitted.current || !bounds) return;
      fitted.current = true;
      const [west, south, east, north] = bounds;
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding: 48, maxZoom: 15, duration: 0 },
      );
    };
    // the worker may have indexed the fleet before the map finished loading
    let mapLoaded = false;
    // the bikes first, then the land and borders: both are built in the workers and the
    // basemap's polygons would hold the first markers back by a second (bench/web-fleet.ts)
    let basemapAsked = false;
    const askBasemap = () => {
      if (basemapAsked || mapStyleUrl) return;
      basemapAsked = true;
      worker.postMessage({ type: 'basemap', url: countriesUrl } satisfies ToWorker);
    };
    onWorkerMessage.current = (message) => {
      if (message.type === 'view') {
        drawView(map, message.view);
        // bench/web-fleet.ts reads this mark: the first view of the fleet on screen
        if (fitted.current && !performance.getEntriesByName(DRAWN_MARK).length) {
          map.once('idle', () => {
            performance.mark(DRAWN_MARK);
            askBasemap();
          });
        }
      } else if (message.type === 'loaded') {
        if (!message.bounds) askBasemap(); // no bike to show: nothing to wait for
        if (!mapLoaded) return;
        fitFleet(message.bounds);
        pushView();
      } else if (message.type === 'basemap' && map.getSource('land')) {
        (map.getSource('land') as GeoJSONSource).setData(message.land);
        (map.getSource('borders') as GeoJSONSource).setData(message.borders);
      }
    };
    map.on('load', () => {
      mapLoaded = true;
      addMarkerLayers(map);
      // never more than a few seconds without land, whatever happens to the markers
      window.setTimeout(askBasemap, 3000);
      if (lastLoaded.current && !lastLoaded.current.bounds) askBasemap();
      if (lastLoaded.current) {
        fitFleet(lastLoaded.current.bounds);
        pushView();
      }
      setReady(true);
    });
    map.on('moveend', pushView);

    for (const layer of ['bike-circles', 'theft-circles']) {
      map.on('click', layer, (event) => {
        const vehicleNumber = event.features?.[0]?.properties?.vn as string | undefined;
        if (vehicleNumber) propsRef.current.focus(vehicleNumber);
      });
      map.on('mousemove', layer, (event) => {
        map.getCanvas().style.cursor = 'pointer';
        const vehicleNumber = event.features?.[0]?.properties?.vn as string | undefined;
        if (vehicleNumber) propsRef.current.onHover?.(vehicleNumber);
      });
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
        propsRef.current.onHover?.(null);
      });
    }

    // Shift + drag: select the bikes of a box
    const canvas = map.getCanvasContainer();
    const onDown = (event: MouseEvent) => {
      if (!event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      map.dragPan.disable();
      const origin = canvas.getBoundingClientRect();
      const start = { x: event.clientX - origin.left, y: event.clientY - origin.top };
      const box = document.createElement('div');
      box.className = styles.box!;
      canvas.append(box);
      const move = (e: MouseEvent) => {
        const x = e.clientX - origin.left;
        const y = e.clientY - origin.top;
        Object.assign(box.style, {
          left: `${Math.min(x, start.x)}px`,
          top: `${Math.min(y, start.y)}px`,
          width: `${Math.abs(x - start.x)}px`,
          height: `${Math.abs(y - start.y)}px`,
        });
      };
      const up = async (e: MouseEvent) => {
        window.removeEventListener('mousemove', move);
        window.removeEventListener('mouseup', up);
        box.remove();
        map.dragPan.enable();
        const a = map.unproject([start.x, start.y]);
        const b = map.unproject([e.clientX - origin.left, e.clientY - origin.top]);
        const bbox: BBox = [
          Math.min(a.lng, b.lng),
          Math.min(a.lat, b.lat),
          Math.max(a.lng, b.lng),
          Math.max(a.lat, b.lat),
        ];
        const found = await ask<string[]>((id) => ({ type: 'within', requestId: id, bbox }));
        if (found.length) propsRef.current.onBoxSelect?.(found);
      };
      window.addEventListener('mousemove', move);
      window.addEventListener('mouseup', up);
    };
    canvas.addEventListener('mousedown', onDown);

    return () => {
      canvas.removeEventListener('mousedown', onDown);
      htmlMarkers.current.forEach((marker) => marker.remove());
      htmlMarkers.current.clear();
      onWorkerMessage.current = null;
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
    // the map lives as long as the settings do; props are read through propsRef
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.data]);

  /** Draws one view: bikes and thefts as WebGL circles, clusters and labels as HTML. */
  function drawView(map: MapLibreMap, view: MarkerView) {
    const collection = (features: MarkerView['bikes']): GeoJSON.FeatureCollection => ({
      type: 'FeatureCollection',
      features,
    });
    (map.getSource('bikes') as GeoJSONSource | undefined)?.setData(collection(view.bikes));
    (map.getSource('thefts') as GeoJSONSource | undefined)?.setData(collection(view.thefts));
    const next = new Map<string, maplibregl.Marker>();
    for (const cluster of view.clusters) {
      // keyed by place: a rebuild renumbers the clusters but most stay where they were
      const key = `c${cluster.lon.toFixed(5)},${cluster.lat.toFixed(5)}`;
      const marker = htmlMarkers.current.get(key) ?? clusterMarker(map, cluster);
      showCluster(marker, cluster);
      next.set(key, marker);
    }
    if (map.getZoom() >= LABEL_ZOOM) {
      for (const feature of [...view.bikes, ...view.thefts].slice(0, 300)) {
        const key = `l${feature.properties.vn}`;
        const marker =
          htmlMarkers.current.get(key) ??
          new maplibregl.Marker({
            element: label(feature.properties.vn),
            anchor: 'left',
            offset: [10, 0],
          })
            .setLngLat(feature.geometry.coordinates as [number, number])
            .addTo(map);
        marker.setLngLat(feature.geometry.coordinates as [number, number]);
        next.set(key, marker);
      }
    }
    for (const [key, marker] of htmlMarkers.current) if (!next.has(key)) marker.remove();
    htmlMarkers.current = next;
  }

  /** A cluster's button; reused while the cluster stays in place (rebuilds renumber them). */
  function clusterMarker(map: MapLibreMap, cluster: ViewCluster) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = styles.cluster!;
    button.dataset.testid = 'map-cluster';
    button.addEventListener('click', async (event) => {
      event.stopPropagation();
      const current = clusterOf.get(button);
      if (!current) return;
      const reply = await ask<ExpandReply>((id) => ({
        type: 'expand',
        requestId: id,
        clusterIds: current.ids,
      }));
      if ('zoom' in reply)
        map.easeTo({ center: [current.lon, current.lat], zoom: reply.zoom + 0.1 });
      else
        openPopup(map, [current.lon, current.lat], {
          kind: 'cluster',
          vehicleNumbers: reply.vehicleNumbers,
        });
    });
    return new maplibregl.Marker({ element: button })
      .setLngLat([cluster.lon, cluster.lat])
      .addTo(map);
  }

  /** Shows a cluster's figures on its button, touching the DOM only when they changed. */
  function showCluster(marker: maplibregl.Marker, cluster: ViewCluster) {
    const button = marker.getElement();
    const previous = clusterOf.get(button);
    clusterOf.set(button, cluster);
    if (previous && previous.count === cluster.count && previous.warned === cluster.warned) return;
    button.dataset.size =
      cluster.count >= 1000 ? 'xl' : cluster.count >= 100 ? 'l' : cluster.count >= 10 ? 'm' : 's';
    button.textContent = compact.format(cluster.count);
    const title = t('map.cluster.title', { count: cluster.count });
    button.setAttribute('aria-label', title);
    button.title = title;
    if (cluster.warned) {
      const warned = document.createElement('span');
      warned.className = styles.warned!;
      warned.textContent = compact.format(cluster.warned);
      button.append(warned);
    }
  }

  function label(vehicleNumber: string) {
    const element = document.createElement('span');
    element.className = styles.label!;
    element.textContent = vehicleNumber;
    return element;
  }

  function openPopup(map: MapLibreMap, at: [number, number], content: Popup) {
    popupRef.current?.remove();
    const instance = new maplibregl.Popup({ maxWidth: '320px', offset: 14, focusAfterOpen: false })
      .setLngLat(at)
      .setDOMContent(popupNode)
      .addTo(map);
    instance.on('close', () => {
      if (popupRef.current !== instance) return;
      popupRef.current = null;
      setPopup(null);
      if (content.kind === 'bike') propsRef.current.focus(null);
    });
    popupRef.current = instance;
    setPopup(content);
  }

  // markers of the filter: fetched as a Blob and parsed in the worker
  useEffect(() => {
    if (!workerReady) return;
    const controller = new AbortController();
    const current = JSON.parse(filterKey) as MapFilter;
    const toWorker = (markers: Blob) => send({ type: 'load', markers, filter: current });
    const load = () =>
      fetchMarkers(http, current, controller.signal)
        .then(toWorker)
        .catch(() => undefined);
    // the first load may have been started by the page (prefetchMap)
    void queryClient
      .fetchQuery({
        queryKey: markersKey(current),
        queryFn: () => fetchMarkers(http, current),
        staleTime: 5_000,
        gcTime: 10_000,
      })
      .then(toWorker)
      .catch(() => undefined);
    // live changes, unless the tab is hidden: then one refetch when it shows again
    let missed = false;
    const unsubscribe = props.live?.subscribe((batch) => {
      if (document.hidden) {
        missed = true;
        return;
      }
      send({
        type: 'changes',
        bikes: batch.bikes,
        removed: batch.removed,
        filter: JSON.parse(filterKey) as MapFilter,
      });
    });
    const unsubscribeResync = props.live?.onResync(() => void load());
    const onVisible = () => {
      if (!document.hidden && missed) {
        missed = false;
        void load();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      unsubscribe?.();
      unsubscribeResync?.();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [workerReady, filterKey, props.live, http, queryClient]);

  // hover and selection as feature-state (both sources: a bike is in one of them)
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const set = (vehicleNumber: string, state: Record<string, boolean>) => {
      for (const source of ['bikes', 'thefts'])
        map.setFeatureState({ source, id: vehicleNumber }, state);
    };
    const { hover, selected } = shown.current;
    if (hover && hover !== props.highlighted) set(hover, { hover: false });
    if (props.highlighted) set(props.highlighted, { hover: true });
    const wanted = props.selected ?? new Set<string>();
    for (const vehicleNumber of selected)
      if (!wanted.has(vehicleNumber)) set(vehicleNumber, { selected: false });
    for (const vehicleNumber of wanted)
      if (!selected.has(vehicleNumber)) set(vehicleNumber, { selected: true });
    shown.current = { hover: props.highlighted ?? null, selected: new Set(wanted) };
  }, [ready, props.highlighted, props.selected]);

  // the bike in focus (the address's `bike`): fly there and open its popup
  const focused = (props.onFocus ? props.focused : ownFocus) ?? null;
  const loaded = count !== null;
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !loaded) return;
    if (!focused) {
      if (popup?.kind === 'bike') popupRef.current?.remove();
      return;
    }
    if (popup?.kind === 'bike' && popup.vehicleNumber === focused) return;
    void ask<[number, number] | null>((id) => ({
      type: 'position',
      requestId: id,
      vehicleNumber: focused,
    })).then((position) => {
      if (!position) return;
      map.easeTo({ center: position, zoom: Math.max(map.getZoom(), 15) });
      openPopup(map, position, { kind: 'bike', vehicleNumber: focused });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, focused, loaded]);

  return (
    <div className={styles.wrap}>
      <div
        ref={container}
        className={styles.map}
        data-testid="fleet-map"
        data-ready={ready || undefined}
      />
      {!ready && !failed && (
        <div className={styles.overlay} aria-busy="true">
          <Spinner /> {t('map.loading')}
        </div>
      )}
      {failed && <div className={styles.overlay}>{t('map.failed')}</div>}
      {ready && count !== null && (
        <p className={styles.count} role="status" data-testid="map-count">
          {count ? t('map.count', { count }) : t('map.none')}
        </p>
      )}
      <div className={styles.legendSlot}>
        <MapLegend />
      </div>
      {popup &&
        createPortal(
          popup.kind === 'bike' ? (
            props.renderPopup(popup.vehicleNumber)
          ) : (
            <div className={styles.clusterList}>
              <p>{t('map.cluster.title', { count: popup.vehicleNumbers.length })}</p>
              <ul>
                {popup.vehicleNumbers.map((vehicleNumber) => (
                  <li key={vehicleNumber}>
                    <button type="button" onClick={() => props.onOpenBike(vehicleNumber)}>
                      {vehicleNumber}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ),
          popupNode,
        )}
    </div>
  );
}

export default FleetMap;
