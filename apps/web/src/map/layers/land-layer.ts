// The offline basemap's land and country borders (ADR 0072): built by the marker worker from
// the packaged Natural Earth countries and handed over as blob: addresses, so that the polygons
// never cross the main thread. Asked for only once the first view of the bikes is drawn (they
// would hold the first markers back by a second, bench/web-fleet.ts), at once when there is no
// bike to wait for, and never later than 3 s after the map loaded. Not with a MAP_STYLE_URL.
import { useEffect } from 'react';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { setGeoJson } from '../core/geojson-layers';
import { useMap } from '../core/map-context';
import { useMapSettings } from '../core/map-settings';
import type { MarkerFeed } from '../markers/marker-feed';

const LAND_AT_THE_LATEST_MS = 3000;

export function LandLayer({ feed }: { feed: MarkerFeed }) {
  const map = useMap();
  const offline = !useMapSettings().data?.mapStyleUrl;
  useEffect(() => {
    if (!offline) return;
    let asked = false;
    const ask = () => {
      if (asked) return;
      asked = true;
      feed.send({ type: 'basemap', url: countriesUrl });
    };
    const timer = window.setTimeout(ask, LAND_AT_THE_LATEST_MS);
    if (feed.loaded && !feed.loaded.bounds) ask();
    const stop = feed.listen((event) => {
      if (event.type === 'drawn' || (event.type === 'loaded' && !event.bounds)) ask();
      if (event.type === 'basemap') {
        setGeoJson(map, 'land', event.land);
        setGeoJson(map, 'borders', event.borders);
      }
    });
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [map, feed, offline]);
  return null;
}
