// The fleet map's camera: fitted once to the fleet's bounds when the worker has indexed it, and
// every view (after each move) told to the worker, which answers with what is in it. Marks the
// first view of the fleet on screen (bench/web-fleet.ts reads `vfm:markers-drawn`) and tells
// the other layers (`drawn`: the land may come now).
import { useEffect } from 'react';
import { useMap } from '../core/map-context';
import type { MarkerFeed } from '../markers/marker-feed';
import type { BBox } from '../markers/worker-protocol';

const DRAWN_MARK = 'vfm:markers-drawn';

export function FleetCamera({ feed }: { feed: MarkerFeed }) {
  const map = useMap();
  useEffect(() => {
    let fitted = false;
    let drawn = false;
    const tellView = () => {
      const bounds = map.getBounds();
      const bbox: BBox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
      feed.send({ type: 'view', bbox, zoom: map.getZoom() });
    };
    const fit = (bounds: BBox | null) => {
      if (!fitted && bounds) {
        fitted = true;
        const [west, south, east, north] = bounds;
        map.fitBounds([west, south, east, north], { padding: 48, maxZoom: 15, duration: 0 });
      }
      tellView();
    };
    const onDrawn = () => {
      if (!performance.getEntriesByName(DRAWN_MARK).length) performance.mark(DRAWN_MARK);
      feed.emit({ type: 'drawn' });
    };
    if (feed.loaded) fit(feed.loaded.bounds);
    const stop = feed.listen((event) => {
      if (event.type === 'loaded') fit(event.bounds);
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
