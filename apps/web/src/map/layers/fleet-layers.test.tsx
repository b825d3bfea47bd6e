// The fleet map's layers on a stand-in map, fed by a stand-in worker.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeMap, fakeWorker, type FakeMap } from '../../testing/fake-map';
import { MapContext } from '../core/map-context';
import { MarkerFeed } from '../markers/marker-feed';
import type { MarkerView } from '../markers/marker-index';
import { BikeLayer } from './bike-layer';
import { FleetCamera } from './fleet-camera';
import { MarkersLayer } from './markers-layer';
import { SelectionLayer } from './selection-layer';

const onMap = (fake: FakeMap, children: ReactNode) => (
  <MapContext.Provider value={fake.map}>{children}</MapContext.Provider>
);

const bike = (vn: string, k = 4): MarkerView['bikes'][number] => ({
  type: 'Feature',
  id: vn,
  geometry: { type: 'Point', coordinates: [2.35, 48.85] },
  properties: { vn, k, w: 0 },
});

describe('MarkersLayer', () => {
  it("draws the worker's view: bikes and thefts apart, thefts over a halo", () => {
    const fake = createFakeMap();
    const { worker, answer } = fakeWorker();
    render(onMap(fake, <MarkersLayer feed={new MarkerFeed(worker)} onFocus={vi.fn()} />));
    expect(fake.layers).toEqual(['bike-circles', 'theft-halo', 'theft-circles']);
    answer({ type: 'view', view: { clusters: [], bikes: [bike('A1')], thefts: [bike('T1', 0)] } });
    expect(fake.data.get('bikes')).toMatchObject({ features: [{ id: 'A1' }] });
    expect(fake.data.get('thefts')).toMatchObject({ features: [{ id: 'T1' }] });
  });

  it('focuses a clicked bike and hovers the one under the pointer', () => {
    const fake = createFakeMap();
    const onFocus = vi.fn();
    const onHover = vi.fn();
    const { worker } = fakeWorker();
    const feed = new MarkerFeed(worker);
    render(onMap(fake, <MarkersLayer feed={feed} onFocus={onFocus} onHover={onHover} />));
    const at = { features: [{ properties: { vn: 'T1' } }] };
    fake.fire('click:theft-circles', at);
    fake.fire('mousemove:theft-circles', at);
    expect(onFocus).toHaveBeenCalledWith('T1');
    expect(onHover).toHaveBeenLastCalledWith('T1');
    expect(fake.map.getCanvas().style.cursor).toBe('pointer');
    fake.fire('mouseleave:theft-circles');
    expect(onHover).toHaveBeenLastCalledWith(null);
  });
});

describe('SelectionLayer', () => {
  it('moves the hover and the selection as feature-state, in both sources', () => {
    const fake = createFakeMap();
    const { rerender } = render(
      onMap(fake, <SelectionLayer highlighted="A1" selected={new Set(['A1', 'A2'])} />),
    );
    expect(fake.featureState.get('bikes/A1')).toEqual({ hover: true, selected: true });
    expect(fake.featureState.get('thefts/A2')).toEqual({ selected: true });
    rerender(onMap(fake, <SelectionLayer highlighted={null} selected={new Set(['A2'])} />));
    expect(fake.featureState.get('bikes/A1')).toEqual({ hover: false, selected: false });
    expect(fake.featureState.get('bikes/A2')).toEqual({ selected: true });
  });
});

describe('FleetCamera', () => {
  it('fits the fleet once, tells the worker each view and says when the first is drawn', () => {
    const fake = createFakeMap();
    const { worker, sent, answer } = fakeWorker();
    const feed = new MarkerFeed(worker);
    const drawn = vi.fn();
    feed.listen((event) => event.type === 'drawn' && drawn());
    render(onMap(fake, <FleetCamera feed={feed} />));
    // fitted as soon as the worker has read the fleet, before its index is built
    answer({ type: 'bounds', bounds: [2, 48, 3, 49] });
    expect(fake.moves).toEqual([['fitBounds', [2, 48, 3, 49]]]);
    answer({ type: 'loaded', count: 2, bounds: [2, 48, 3, 49] });
    answer({ type: 'loaded', count: 3, bounds: [1, 47, 3, 49] });
    expect(fake.moves).toEqual([['fitBounds', [2, 48, 3, 49]]]);
    // each view once: fitBounds' own moveend tells none again
    fake.fire('moveend');
    expect(sent.filter((message) => message.type === 'view')).toHaveLength(1);
    (fake.map as unknown as { getZoom(): number }).getZoom = () => 13;
    fake.fire('moveend');
    expect(sent.filter((message) => message.type === 'view')).toHaveLength(2);
    answer({ type: 'view', view: { clusters: [], bikes: [], thefts: [] } });
    expect(drawn).not.toHaveBeenCalled();
    fake.fire('idle');
    expect(drawn).toHaveBeenCalledTimes(1);
  });

  it('tells no view inside the one told at its zoom (a map made smaller), and any other', () => {
    const fake = createFakeMap();
    const { worker, sent, answer } = fakeWorker();
    const feed = new MarkerFeed(worker);
    render(onMap(fake, <FleetCamera feed={feed} />));
    answer({ type: 'bounds', bounds: [2, 48, 3, 49] });
    const views = () => sent.filter((message) => message.type === 'view');
    expect(views()).toHaveLength(1);
    const bounds = (west: number, south: number, east: number, north: number) => {
      (fake.map as unknown as { getBounds(): unknown }).getBounds = () => ({
        getWest: () => west,
        getSouth: () => south,
        getEast: () => east,
        getNorth: () => north,
      });
    };
    // the page's layout settles: the map loses a few pixels of height
    bounds(2, 48.02, 3, 48.98);
    fake.fire('moveend');
    expect(views()).toHaveLength(1);
    // it grows again beyond the view told, or the user pans: told
    bounds(2, 47.9, 3, 49);
    fake.fire('moveend');
    expect(views()).toHaveLength(2);
    expect(views()[1]).toMatchObject({ bbox: [2, 47.9, 3, 49], zoom: 12 });
    bounds(2.1, 48, 3.1, 49);
    fake.fire('moveend');
    expect(views()).toHaveLength(3);
  });

  it('fits a fleet a worker started early read before the map loaded', () => {
    const fake = createFakeMap();
    const { worker, sent, answer } = fakeWorker();
    const feed = new MarkerFeed(worker);
    answer({ type: 'bounds', bounds: [2, 48, 3, 49] });
    render(onMap(fake, <FleetCamera feed={feed} />));
    expect(fake.moves).toEqual([['fitBounds', [2, 48, 3, 49]]]);
    expect(sent.filter((message) => message.type === 'view')).toHaveLength(1);
  });
});

describe('BikeLayer', () => {
  it('draws the bike in its colour and keeps it in view as it moves', () => {
    const fake = createFakeMap();
    const { rerender } = render(
      onMap(fake, <BikeLayer at={[2.5, 48.5]} colour="#17803d" follow />),
    );
    expect(fake.data.get('bike')).toMatchObject({
      features: [{ properties: { colour: '#17803d' }, geometry: { coordinates: [2.5, 48.5] } }],
    });
    expect(fake.moves).toEqual([]);
    rerender(onMap(fake, <BikeLayer at={[4, 50]} colour="#17803d" follow />));
    expect(fake.moves).toEqual([['easeTo', { center: [4, 50] }]]);
    rerender(onMap(fake, <BikeLayer at={null} colour="#17803d" follow={false} />));
    expect(fake.data.get('bike')).toMatchObject({ features: [] });
  });
});
