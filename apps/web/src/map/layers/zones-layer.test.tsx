// The zones' layers (docs/zones.md) on a stand-in map: drawn under what follows, the chosen zone
// as feature-state, a click names the zone; the view brought to a box.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeMap, type FakeMap } from '../../testing/fake-map';
import { MapContext } from '../core/map-context';
import { FitBoundsLayer } from './fit-bounds-layer';
import { ZonesLayer } from './zones-layer';

const onMap = (fake: FakeMap, children: ReactNode) => (
  <MapContext.Provider value={fake.map}>{children}</MapContext.Provider>
);

const zones: GeoJSON.FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'z1',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      properties: { id: 'z1', type: 'NO_PARKING', colour: '#dc2626' },
    },
  ],
};

describe('ZonesLayer', () => {
  it('draws the zones, marks the chosen one and names a clicked one', () => {
    const fake = createFakeMap();
    const onSelect = vi.fn();
    const { unmount } = render(
      onMap(fake, <ZonesLayer zones={zones} selected="z1" onSelect={onSelect} />),
    );
    expect(fake.layers).toEqual(['zone-fill', 'zone-line', 'zone-line-service']);
    expect(fake.data.get('zones')).toBe(zones);
    expect(fake.featureState.get('zones/z1')).toEqual({ selected: true });
    fake.fire('click:zone-fill', { features: [{ properties: { id: 'z1' } }] });
    expect(onSelect).toHaveBeenCalledWith('z1');
    unmount();
    expect(fake.layers).toEqual([]);
  });
});

describe('FitBoundsLayer', () => {
  it('brings a box into view when it changes, not at each render', () => {
    const fake = createFakeMap();
    const { rerender } = render(onMap(fake, <FitBoundsLayer bbox={[0, 0, 1, 1]} />));
    rerender(onMap(fake, <FitBoundsLayer bbox={[0, 0, 1, 1]} />));
    expect(fake.moves).toEqual([
      [
        'fitBounds',
        [
          [0, 0],
          [1, 1],
        ],
      ],
    ]);
  });
});
