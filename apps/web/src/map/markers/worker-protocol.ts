// Messages between the map and its worker (marker-worker.ts).
import type { FleetListItem } from '@vfm/contract';
import type { MapFilter, MarkerView } from './marker-index';

export type BBox = [number, number, number, number];

export type ToWorker =
  | { type: 'load'; markers: Blob; filter: MapFilter }
  | { type: 'changes'; bikes: FleetListItem[]; removed: string[]; filter: MapFilter }
  | { type: 'view'; bbox: BBox; zoom: number }
  | { type: 'expand'; requestId: number; clusterIds: number[] }
  | { type: 'within'; requestId: number; bbox: BBox }
  | { type: 'position'; requestId: number; vehicleNumber: string }
  | { type: 'basemap'; url: string };

export type FromWorker =
  /** the fleet's extent, as soon as the markers are read (before the index is built) */
  | { type: 'bounds'; bounds: BBox | null }
  | { type: 'loaded'; count: number; bounds: BBox | null }
  | { type: 'view'; view: MarkerView }
  | { type: 'reply'; requestId: number; data: unknown }
  /** blob: addresses of the land's and the borders' GeoJSON */
  | { type: 'basemap'; land: string; borders: string }
  | { type: 'error'; message: string };

/** What `expand` answers: the zoom that splits the cluster, or the bikes of one that never does. */
export type ExpandReply = { zoom: number } | { vehicleNumbers: string[] };
