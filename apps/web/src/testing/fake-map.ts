// Stand-ins for the map layers' tests (jsdom has no WebGL and no workers): a MapLibre map that
// keeps the sources, layers, feature-state and handlers a layer sets and fires events on
// demand, and a marker worker whose messages the test reads and answers.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { vi } from 'vitest';
import type { FromWorker, ToWorker } from '../map/markers/worker-protocol';

type Handler = (event?: unknown) => void;

export interface FakeMap {
  map: MapLibreMap;
  /** the data each source holds now */
  data: Map<string, unknown>;
  /** layer ids, bottom first */
  layers: string[];
  /** `source/id` → state */
  featureState: Map<string, Record<string, unknown>>;
  /** calls the handlers of an event (for a layer's own events: `click:bike-circles`) */
  fire(type: string, event?: unknown): void;
  /** what `easeTo`, `jumpTo` and `fitBounds` were asked */
  moves: Array<[string, unknown]>;
  removed: boolean;
}

export function createFakeMap(): FakeMap {
  const handlers = new Map<string, Set<Handler>>();
  const canvas = document.createElement('canvas');
  const container = document.createElement('div');
  const fake: FakeMap = {
    data: new Map(),
    layers: [],
    featureState: new Map(),
    moves: [],
    removed: false,
    fire: (type, event) => handlers.get(type)?.forEach((handler) => handler(event)),
    map: undefined as unknown as MapLibreMap,
  };
  const key = (type: string, layerOrHandler: string | Handler) =>
    typeof layerOrHandler === 'string' ? `${type}:${layerOrHandler}` : type;
  const handlerOf = (layerOrHandler: string | Handler, handler?: Handler) =>
    typeof layerOrHandler === 'string' ? handler! : layerOrHandler;
  const map = {
    get style() {
      return fake.removed ? undefined : {};
    },
    addSource(id: string, spec: { data: unknown }) {
      fake.data.set(id, spec.data);
    },
    getSource: (id: string) =>
      fake.data.has(id) ? { setData: (data: unknown) => fake.data.set(id, data) } : undefined,
    removeSource: (id: string) => fake.data.delete(id),
    addLayer: (layer: { id: string }) => fake.layers.push(layer.id),
    getLayer: (id: string) => (fake.layers.includes(id) ? { id } : undefined),
    removeLayer: (id: string) => fake.layers.splice(fake.layers.indexOf(id), 1),
    setFeatureState({ source, id }: { source: string; id: string }, state: object) {
      const at = `${source}/${id}`;
      fake.featureState.set(at, { ...fake.featureState.get(at), ...state });
    },
    removeFeatureState({ source, id }: { source: string; id: string }) {
      fake.featureState.delete(`${source}/${id}`);
    },
    on(type: string, layerOrHandler: string | Handler, handler?: Handler) {
      const at = key(type, layerOrHandler);
      handlers.set(at, (handlers.get(at) ?? new Set()).add(handlerOf(layerOrHandler, handler)));
    },
    off(type: string, layerOrHandler: string | Handler, handler?: Handler) {
      handlers.get(key(type, layerOrHandler))?.delete(handlerOf(layerOrHandler, handler));
    },
    once(type: string, handler: Handler) {
      const once: Handler = (event) => {
        handlers.get(type)?.delete(once);
        handler(event);
      };
      map.on(type, once);
    },
    getCanvas: () => canvas,
    getCanvasContainer: () => container,
    getZoom: () => 12,
    getCenter: () => ({ toArray: () => [2.5, 48.5] }),
    isMoving: () => false,
    getBounds: () => ({
      getWest: () => 2,
      getSouth: () => 48,
      getEast: () => 3,
      getNorth: () => 49,
      contains: ([lon, lat]: [number, number]) => lon >= 2 && lon <= 3 && lat >= 48 && lat <= 49,
    }),
    easeTo: (options: unknown) => fake.moves.push(['easeTo', options]),
    jumpTo: (options: unknown) => fake.moves.push(['jumpTo', options]),
    fitBounds: (bounds: unknown) => fake.moves.push(['fitBounds', bounds]),
    remove() {
      fake.removed = true;
    },
  };
  fake.map = map as unknown as MapLibreMap;
  return fake;
}

export function fakeWorker() {
  const sent: ToWorker[] = [];
  const worker = {
    onmessage: null as ((event: MessageEvent<FromWorker>) => void) | null,
    postMessage: (message: ToWorker) => sent.push(message),
    terminate: vi.fn(),
  };
  const answer = (data: FromWorker) => worker.onmessage?.({ data } as MessageEvent<FromWorker>);
  return { worker: worker as unknown as Worker, sent, answer, terminate: worker.terminate };
}
