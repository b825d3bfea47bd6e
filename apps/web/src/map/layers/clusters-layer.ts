// The fleet's clusters as HTML buttons placed by MapLibre (ADR 0072): keyboard-reachable, named
// for screen readers, the warned bikes in a red badge, a cluster of thousands abbreviated the
// language's way ("12 k"). A click zooms to where the cluster splits; one that never splits
// (bikes at one station) asks the page to list its bikes.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { maplibregl } from '../core/maplibre';
import { useLatest, useMap } from '../core/map-context';
import type { MarkerFeed } from '../markers/marker-feed';
import type { ViewCluster } from '../markers/marker-index';
import type { ExpandReply } from '../markers/worker-protocol';
import styles from '../fleet-map.module.css';

export interface ClustersLayerProps {
  feed: MarkerFeed;
  /** the bikes of a cluster that never splits, at [longitude, latitude] */
  onList(at: [number, number], vehicleNumbers: string[]): void;
}

export function ClustersLayer({ feed, onList }: ClustersLayerProps) {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const [compact] = useState(
    () => new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }),
  );
  const list = useLatest(onList);
  const titleOf = useLatest((count: number) => t('map.cluster.title', { count }));

  useEffect(() => {
    /** the cluster each button stands for now */
    const clusterOf = new WeakMap<HTMLElement, ViewCluster>();
    let shown = new Map<string, Marker>();
    const open = async (button: HTMLButtonElement) => {
      const cluster = clusterOf.get(button);
      if (!cluster) return;
      const reply = await feed.ask<ExpandReply>((requestId) => ({
        type: 'expand',
        requestId,
        clusterIds: cluster.ids,
      }));
      if ('zoom' in reply)
        map.easeTo({ center: [cluster.lon, cluster.lat], zoom: reply.zoom + 0.1 });
      else list.current([cluster.lon, cluster.lat], reply.vehicleNumbers);
    };
    const stop = feed.listen((event) => {
      if (event.type !== 'view') return;
      const next = new Map<string, Marker>();
      for (const cluster of event.view.clusters) {
        // keyed by place: a rebuild renumbers the clusters but most stay where they were
        const key = `${cluster.lon.toFixed(5)},${cluster.lat.toFixed(5)}`;
        const marker = shown.get(key) ?? clusterMarker(map, cluster, open);
        const button = marker.getElement();
        const before = clusterOf.get(button);
        clusterOf.set(button, cluster);
        if (before?.count !== cluster.count || before.warned !== cluster.warned)
          showFigures(button, cluster, compact, titleOf.current(cluster.count));
        next.set(key, marker);
      }
      for (const [key, marker] of shown) if (!next.has(key)) marker.remove();
      shown = next;
    });
    return () => {
      stop();
      for (const marker of shown.values()) marker.remove();
    };
  }, [map, feed, compact, list, titleOf]);

  return null;
}

function clusterMarker(
  map: MapLibreMap,
  cluster: ViewCluster,
  open: (button: HTMLButtonElement) => Promise<void>,
) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = styles.cluster!;
  button.dataset.testid = 'map-cluster';
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    void open(button);
  });
  return new maplibregl.Marker({ element: button })
    .setLngLat([cluster.lon, cluster.lat])
    .addTo(map);
}

/** A cluster's figures on its button (only called when they changed). */
function showFigures(
  button: HTMLElement,
  cluster: ViewCluster,
  compact: Intl.NumberFormat,
  title: string,
) {
  button.dataset.size =
    cluster.count >= 1000 ? 'xl' : cluster.count >= 100 ? 'l' : cluster.count >= 10 ? 'm' : 's';
  button.textContent = compact.format(cluster.count);
  button.setAttribute('aria-label', title);
  button.title = title;
  if (cluster.warned) {
    const warned = document.createElement('span');
    warned.className = styles.warned!;
    warned.textContent = compact.format(cluster.warned);
    button.append(warned);
  }
}
