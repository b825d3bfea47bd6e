// The map's worker (ADR 0072): parses and indexes the fleet's markers, applies live changes,
// rebuilds the clusters at most once a second, and answers each view with only what is in it;
// it also turns the packaged Natural Earth topology into the basemap's land and borders.
/// <reference lib="webworker" />
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Markers } from '@vfm/contract';
import { MarkerIndex } from './marker-index';
import type { BBox, ExpandReply, FromWorker, ToWorker } from './worker-protocol';

const REBUILD_MS = 1000;
const index = new MarkerIndex();
let lastView: { bbox: BBox; zoom: number } | null = null;
let rebuild: ReturnType<typeof setTimeout> | null = null;
let dirty = false;

const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);

function sendView() {
  if (lastView) post({ type: 'view', view: index.view(lastView.bbox, lastView.zoom) });
}

function scheduleRebuild() {
  dirty = true;
  rebuild ??= setTimeout(() => {
    rebuild = null;
    if (!dirty) return;
    dirty = false;
    index.build();
    sendView();
  }, REBUILD_MS);
}

async function basemap(url: string) {
  const topology = (await (await fetch(url)).json()) as Topology;
  const countries = topology.objects.countries!;
  // as blob: addresses that MapLibre's own worker fetches and parses: megabytes of polygons
  // never cross the main thread (two structured clones there froze the page ~200 ms)
  const address = (value: unknown) =>
    URL.createObjectURL(new Blob([JSON.stringify(value)], { type: 'application/json' }));
  post({
    type: 'basemap',
    land: address(feature(topology, countries)),
    borders: address(mesh(topology, countries as never, (a, b) => a !== b)),
  });
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  try {
    switch (message.type) {
      case 'load': {
        index.read(JSON.parse(await message.markers.text()) as Markers);
        // the map can move to the fleet while the index is built (ADR 0115)
        const bounds = index.bounds();
        post({ type: 'bounds', bounds });
        index.build();
        post({ type: 'loaded', count: index.size, bounds });
        sendView();
        break;
      }
      case 'changes':
        if (index.apply(message.bikes, message.removed, message.filter)) scheduleRebuild();
        break;
      case 'view':
        lastView = { bbox: message.bbox, zoom: message.zoom };
        sendView();
        break;
      case 'expand': {
        const zoom = index.expansionZoom(message.clusterIds);
        const data: ExpandReply =
          zoom === null ? { vehicleNumbers: index.leaves(message.clusterIds) } : { zoom };
        post({ type: 'reply', requestId: message.requestId, data });
        break;
      }
      case 'within':
        post({ type: 'reply', requestId: message.requestId, data: index.within(message.bbox) });
        break;
      case 'position':
        post({
          type: 'reply',
          requestId: message.requestId,
          data: index.position(message.vehicleNumber),
        });
        break;
      case 'basemap':
        await basemap(message.url);
        break;
    }
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
