// The map's bikes off the main thread (ADR 0072): the compact fleet/markers payload decoded
// once into typed arrays, live changes applied in place, a supercluster index over the bikes
// that are not thefts (thefts are never hidden in a cluster), and what one view needs: the
// clusters and bikes inside a bounding box at a zoom. Pure logic, run by marker-worker.ts.
import Supercluster from 'supercluster';
import {
  MARKER_COORDINATE_SCALE,
  decodeMarkerState,
  encodeMarkerState,
  matchesFleetFilter,
  type FleetFilter,
  type FleetListItem,
  type Markers,
} from '@vfm/contract';

/** How a bike is drawn, in order of precedence (MARKER_KIND_STYLE gives the colours). */
export const MARKER_KINDS = [
  'reportedTheft',
  'suspectedTheft',
  'warning',
  'moving',
  'available',
  'unavailable',
] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

export function kindOf(state: number): MarkerKind {
  const { theft, warnings, status, availability } = decodeMarkerState(state);
  if (theft === 'REPORTED') return 'reportedTheft';
  if (theft === 'SUSPECTED') return 'suspectedTheft';
  if (warnings.length) return 'warning';
  if (status === 'MOVING') return 'moving';
  return availability === 'AVAILABLE' ? 'available' : 'unavailable';
}

/** The marker state integer of a list item (ADR 0021): the contract's encoding, the server's. */
export function stateOf(bike: FleetListItem): number {
  return encodeMarkerState({
    warnings: bike.warnings,
    status: bike.status,
    availability: bike.availability,
    theft: bike.theft,
    iotMode: bike.iotMode,
  });
}

export interface MapFilter extends FleetFilter {
  /** only reported and suspected thefts */
  theftsOnly?: boolean;
}

/**
 * Whether a changed bike belongs on the map of this filter: the contract's fleet filter
 * (matchesFleetFilter, the rules fleet/list and fleet/markers apply in SQL). What only the server
 * can tell (a group's descendants, the zones) keeps a bike already shown; a new one waits for
 * the next load.
 */
export function matchesFilter(bike: FleetListItem, filter: MapFilter, shown: boolean): boolean {
  if (bike.latitude === null || bike.longitude === null) return false;
  if (filter.theftsOnly && bike.theft === 'NONE') return false;
  const answer = matchesFleetFilter(bike, filter);
  return answer === 'yes' || (answer === 'server' && shown);
}

export interface BikeProperties {
  vn: string;
  /** index in MARKER_KINDS */
  k: number;
  /** any warning (clusters count them) */
  w: 0 | 1;
}
export interface ClusterProperties {
  /** bikes with a warning in the cluster */
  w: number;
}

export type ViewFeature =
  | GeoJSON.Feature<GeoJSON.Point, BikeProperties>
  | GeoJSON.Feature<
      GeoJSON.Point,
      ClusterProperties & { cluster: true; cluster_id: number; point_count: number }
    >;

export interface ViewCluster {
  /** the supercluster clusters this button stands for (more than one when they were merged) */
  ids: number[];
  lon: number;
  lat: number;
  count: number;
  warned: number;
}

export interface MarkerView {
  clusters: ViewCluster[];
  bikes: Array<GeoJSON.Feature<GeoJSON.Point, BikeProperties>>;
  thefts: Array<GeoJSON.Feature<GeoJSON.Point, BikeProperties>>;
}

interface Bike {
  lon: number;
  lat: number;
  state: number;
}

export class MarkerIndex {
  private bikes = new Map<string, Bike>();
  private clusters: Supercluster<BikeProperties, ClusterProperties> | null = null;
  private thefts: Array<GeoJSON.Feature<GeoJSON.Point, BikeProperties>> = [];

  get size(): number {
    return this.bikes.size;
  }

  has(vehicleNumber: string): boolean {
    return this.bikes.has(vehicleNumber);
  }

  /** The markers read and indexed (read() then build()). */
  load(markers: Markers): void {
    this.read(markers);
    this.build();
  }

  /** The markers read, not yet indexed: size, bounds and positions answer, views not yet. */
  read(markers: Markers): void {
    this.bikes.clear();
    for (let i = 0; i < markers.vehicleNumber.length; i += 1) {
      this.bikes.set(markers.vehicleNumber[i]!, {
        lat: markers.latitude[i]! / MARKER_COORDINATE_SCALE,
        lon: markers.longitude[i]! / MARKER_COORDINATE_SCALE,
        state: markers.state[i]!,
      });
    }
  }

  /** Applies changed and removed bikes; returns whether anything on the map changed. */
  apply(changed: FleetListItem[], removed: string[], filter: MapFilter): boolean {
    let touched = false;
    for (const vehicleNumber of removed) touched = this.bikes.delete(vehicleNumber) || touched;
    for (const bike of changed) {
      const shown = this.bikes.has(bike.vehicleNumber);
      if (!matchesFilter(bike, filter, shown)) {
        touched = this.bikes.delete(bike.vehicleNumber) || touched;
        continue;
      }
      this.bikes.set(bike.vehicleNumber, {
        lat: bike.latitude!,
        lon: bike.longitude!,
        state: stateOf(bike),
      });
      touched = true;
    }
    return touched;
  }

  build(): void {
    const points: Array<GeoJSON.Feature<GeoJSON.Point, BikeProperties>> = [];
    this.thefts = [];
    // a fleet has few distinct states: each one's kind is decoded once per build
    const kinds = new Map<number, number>();
    for (const [vn, bike] of this.bikes) {
      let k = kinds.get(bike.state);
      if (k === undefined) {
        k = MARKER_KINDS.indexOf(kindOf(bike.state));
        kinds.set(bike.state, k);
      }
      const kind = MARKER_KINDS[k]!;
      const feature: GeoJSON.Feature<GeoJSON.Point, BikeProperties> = {
        type: 'Feature',
        id: vn,
        geometry: { type: 'Point', coordinates: [bike.lon, bike.lat] },
        properties: { vn, k, w: (bike.state & 0b11111) !== 0 ? 1 : 0 },
      };
      if (kind === 'reportedTheft' || kind === 'suspectedTheft') this.thefts.push(feature);
      else points.push(feature);
    }
    this.clusters = new Supercluster<BikeProperties, ClusterProperties>({
      radius: 60,
      maxZoom: 17,
      map: (props) => ({ w: props.w }),
      reduce: (accumulated, props) => {
        accumulated.w += props.w;
      },
    });
    this.clusters.load(points);
  }

  view(bbox: [number, number, number, number], zoom: number): MarkerView {
    const view: MarkerView = { clusters: [], bikes: [], thefts: [] };
    const inBox = ([lon, lat]: number[]) =>
      lon! >= bbox[0] && lon! <= bbox[2] && lat! >= bbox[1] && lat! <= bbox[3];
    for (const feature of this.clusters?.getClusters(bbox, Math.floor(zoom)) ?? []) {
      const properties = feature.properties as Partial<
        ClusterProperties & { cluster: boolean; cluster_id: number; point_count: number }
      >;
      if (properties.cluster) {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        view.clusters.push({
          ids: [properties.cluster_id!],
          lon,
          lat,
          count: properties.point_count!,
          warned: properties.w ?? 0,
        });
      } else view.bikes.push(feature as GeoJSON.Feature<GeoJSON.Point, BikeProperties>);
    }
    view.clusters = separateClusters(view.clusters, zoom);
    view.thefts = this.thefts.filter((feature) => inBox(feature.geometry.coordinates));
    return view;
  }

  /**
   * The zoom at which a cluster button splits (the first of its clusters to split), or null
   * when none ever does (the bikes share one place).
   */
  expansionZoom(clusterIds: number[]): number | null {
    const zooms = clusterIds
      .map((id) => this.clusters?.getClusterExpansionZoom(id) ?? null)
      .filter((zoom): zoom is number => zoom !== null && zoom <= 17);
    return zooms.length ? Math.min(...zooms) : null;
  }

  leaves(clusterIds: number[], limit = 50): string[] {
    return clusterIds
      .flatMap((id) => this.clusters?.getLeaves(id, limit) ?? [])
      .slice(0, limit)
      .map((leaf) => leaf.properties.vn);
  }

  /** Every bike inside the box (box selection). */
  within(bbox: [number, number, number, number]): string[] {
    const found: string[] = [];
    for (const [vn, bike] of this.bikes) {
      if (bike.lon >= bbox[0] && bike.lon <= bbox[2] && bike.lat >= bbox[1] && bike.lat <= bbox[3])
        found.push(vn);
    }
    return found;
  }

  bounds(): [number, number, number, number] | null {
    if (!this.bikes.size) return null;
    let [west, south, east, north] = [180, 90, -180, -90];
    for (const bike of this.bikes.values()) {
      west = Math.min(west, bike.lon);
      east = Math.max(east, bike.lon);
      south = Math.min(south, bike.lat);
      north = Math.max(north, bike.lat);
    }
    return [west, south, east, north];
  }

  position(vehicleNumber: string): [number, number] | null {
    const bike = this.bikes.get(vehicleNumber);
    return bike ? [bike.lon, bike.lat] : null;
  }
}

/** Smallest distance between two cluster buttons' centres, in screen pixels (the largest is 52). */
export const CLUSTER_GAP_PX = 48;

/**
 * Supercluster places a cluster at the centroid of its bikes, so two clusters can end up a few
 * pixels apart and their buttons on top of each other. Clusters closer than `gap` pixels at this
 * zoom are shown as one button (largest first; the position weighted by the bikes).
 */
export function separateClusters(
  clusters: ViewCluster[],
  zoom: number,
  gap = CLUSTER_GAP_PX,
): ViewCluster[] {
  const worldPx = 512 * 2 ** zoom;
  const toPx = (c: ViewCluster) => {
    const sin = Math.sin((c.lat * Math.PI) / 180);
    return {
      x: ((c.lon + 180) / 360) * worldPx,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx,
    };
  };
  const kept: Array<{ cluster: ViewCluster; x: number; y: number }> = [];
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
    const { x, y } = toPx(cluster);
    const near = kept.find((k) => Math.hypot(k.x - x, k.y - y) < gap);
    if (!near) {
      kept.push({ cluster: { ...cluster, ids: [...cluster.ids] }, x, y });
      continue;
    }
    const into = near.cluster;
    const total = into.count + cluster.count;
    into.lon = (into.lon * into.count + cluster.lon * cluster.count) / total;
    into.lat = (into.lat * into.count + cluster.lat * cluster.count) / total;
    into.count = total;
    into.warned += cluster.warned;
    into.ids.push(...cluster.ids);
  }
  return kept.map((k) => k.cluster);
}
