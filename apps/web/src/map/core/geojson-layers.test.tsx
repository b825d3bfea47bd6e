import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeMap, type FakeMap } from '../../testing/fake-map';
import { collection, setGeoJson, useGeoJsonLayers } from './geojson-layers';
import { MapContext } from './map-context';

function Zones() {
  useGeoJsonLayers('zones', [
    { id: 'zone-fill', type: 'fill', source: 'zones' },
    { id: 'zone-line', type: 'line', source: 'zones' },
  ]);
  return null;
}

const onMap = (fake: FakeMap, children: ReactNode) => (
  <MapContext.Provider value={fake.map}>{children}</MapContext.Provider>
);

describe('useGeoJsonLayers (the building block of a layer)', () => {
  it('adds its source, empty, and its layers in order while it is mounted', () => {
    const fake = createFakeMap();
    const { unmount } = render(onMap(fake, <Zones />));
    expect(fake.data.get('zones')).toEqual(collection([]));
    expect(fake.layers).toEqual(['zone-fill', 'zone-line']);
    setGeoJson(fake.map, 'zones', collection([]));
    unmount();
    expect(fake.layers).toEqual([]);
    expect(fake.data.has('zones')).toBe(false);
  });

  it('leaves a map that is already removed alone', () => {
    const fake = createFakeMap();
    const { unmount } = render(onMap(fake, <Zones />));
    fake.map.remove();
    expect(() => unmount()).not.toThrow();
  });

  it('refuses to be used outside a map', () => {
    expect(() => render(<Zones />)).toThrow(/outside <MapView>/);
  });
});
