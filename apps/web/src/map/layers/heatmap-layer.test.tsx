// The heat map's layer (docs/rebalancing.md) on a stand-in map: each cell a polygon of its
// outline, its share of the highest value as the fill's key; nothing drawn without cells.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Heatmap } from '@vfm/contract';
import { createFakeMap, type FakeMap } from '../../testing/fake-map';
import { MapContext } from '../core/map-context';
import { HeatmapLayer, heatFeatures } from './heatmap-layer';

const onMap = (fake: FakeMap, children: ReactNode) => (
  <MapContext.Provider value={fake.map}>{children}</MapContext.Provider>
);

const outline: Array<[number, number]> = [
  [4.83, 45.76],
  [4.84, 45.76],
  [4.84, 45.77],
  [4.83, 45.76],
];
const HEAT: Heatmap = {
  layer: 'starts',
  resolution: 8,
  from: '2026-10-31T00:00:00.000Z',
  to: '2026-11-28T00:00:00.000Z',
  unit: 'trips/day',
  cells: [
    { cell: '881fb46625fffff', centre: [4.835, 45.765], boundary: outline, value: 8 },
    { cell: '881fb46627fffff', centre: [4.845, 45.765], boundary: outline, value: 2 },
  ],
  byHour: new Array(24).fill(0),
  byWeekday: new Array(7).fill(0),
  max: 8,
};

describe('HeatmapLayer', () => {
  it('draws the cells with their share of the highest', () => {
    const fake = createFakeMap();
    const { unmount } = render(onMap(fake, <HeatmapLayer heatmap={HEAT} />));
    expect(fake.layers).toEqual(['heat-fill', 'heat-line']);
    const drawn = fake.data.get('heat') as GeoJSON.FeatureCollection;
    expect(drawn.features.map((f) => f.properties?.share)).toEqual([1, 0.25]);
    expect(drawn.features[0]!.geometry).toEqual({ type: 'Polygon', coordinates: [outline] });
    unmount();
    expect(fake.layers).toEqual([]);
  });

  it('draws nothing while no layer is chosen or the map is empty', () => {
    expect(heatFeatures(null).features).toEqual([]);
    expect(heatFeatures({ ...HEAT, cells: [], max: 0 }).features).toEqual([]);
  });
});
