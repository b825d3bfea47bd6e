// MapLibre for every map of the module, set up once: its own worker as a file of its own (the
// default URL is relative to a module that bundling renames) and its CSS. The worker is already
// a self-contained minified module: copied as an asset (`?url`), not bundled again by a second
// Rolldown build (time and memory of the first `npm start`, ADR 0102). Only the lazy map
// chunks import this file, so maplibre-gl stays out of every other chunk.
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

maplibregl.setWorkerUrl(maplibreWorkerUrl);
// MapLibre's worker starts as this chunk loads (ADR 0115), not once the page has rendered a map
// and the map settings have come: it downloads and compiles its ~500 KB meanwhile. It then stays
// for the next map of the page (MapLibre's prewarm), as the app's maps come and go.
if (typeof Worker !== 'undefined') maplibregl.prewarm();

export { maplibregl };
