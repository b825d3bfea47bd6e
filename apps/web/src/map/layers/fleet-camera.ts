// The fleet map's camera: fitted once to the fleet's bounds as soon as the worker has read the
// markers (while it still builds the index: the map loads that place meanwhile, ADR 0115), and
// every view (after each move) told to the worker once, which answers with what is in it. Marks
// the first view of the fleet on screen once the map is idle with it (bench/web-fleet.ts reads
// `vfm:markers-drawn`) and tells the other layers (`drawn`: the land may come now).
import { useEffect } from 'react';
import { useMap } from '../core/map-context';
import type { MarkerFeed } from '../markers/marker-feed';
import type { BBox } from '../markers/worker-protocol';

const DRAWN_MARK = 'vfm:markers-drawn';
/** how the fleet is fitted into the map: clear of what floats on it — the count at the top, the
 *  zoom buttons on the right, the legend, zones switch and heat map's choice at the bottom (two
 *  rows of them on a phone's narrow map) — so that no marker starts hidden under them */
export const FLEET_FIT = { padding: { top: 56, right: 56, bottom: 96, left: 40 }, maxZoom: 15 };

const contains = (outer: BBox, inner: BBox) =>
  inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

export function FleetCamera({ feed }: { feed: MarkerFeed }) {
  const map = useMap();
  useEffect(() => {
    let fitted = false;
    let drawn = false;
    let told: { bbox: BBox; zoom: number } | null = null;
    const tellView = () => {
      const bounds = map.getBounds();
      const bbox: BBox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
      const zoom = map.getZoom();
      // a view inside the one told, at its zoom, shows nothing the worker has not answered
      // already: fitBounds' own moveend (the same view), a map made smaller (the page's layout
      // settling as its other answers arrive, a panel opening). The worker sends the view again
      // by itself after each rebuild or reload.
      if (told && told.zoom === zoom && contains(told.bbox, bbox)) return;
      told = { bbox, zoom };
      feed.send({ type: 'view', bbox, zoom });
    };
    const fit = (bounds: BBox | null) => {
      if (!fitted && bounds) {
        fitted = true;
        const [west, south, east, north] = bounds;
        map.fitBounds([west, south, east, north], { ...FLEET_FIT, duration: 0 });
      }
      tellView();
    };
    const onDrawn = () => {
      if (!performance.getEntriesByName(DRAWN_MARK).length) performance.mark(DRAWN_MARK);
      feed.emit({ type: 'drawn' });
    };
    // a worker started early may have read the fleet before this map loaded
    const known = feed.loaded ?? feed.placed;
    if (known) fit(known.bounds);
    const stop = feed.listen((event) => {
      if (event.type === 'bounds' || event.type === 'loaded') fit(event.bounds);
      if (event.type === 'view' && fitted && !drawn) {
        drawn = true;
        map.once('idle', onDrawn);
      }
    });
    map.on('moveend', tellView);
    return () => {
      stop();
      map.off('moveend', tellView);
      map.off('idle', onDrawn);
    };
  }, [map, feed]);
  return null;
}
