import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { createFakeMap, type FakeMap } from '../../testing/fake-map';
import type * as CreateMap from './create-map';
import type * as MapContext from './map-context';
import type * as MapViewModule from './map-view';

// The web tests share their worker's modules (vite.config.ts, isolate: false): the map core is
// imported afresh here with its two mocks, and the mocks are dropped after this file.
const settings = { data: undefined as object | undefined, isError: false };
let createMap: typeof CreateMap.createMap;
let useMap: typeof MapContext.useMap;
let MapView: typeof MapViewModule.MapView;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('./create-map', () => ({ createMap: vi.fn() }));
  vi.doMock('./map-settings', () => ({ useMapSettings: () => settings }));
  ({ createMap } = await import('./create-map'));
  ({ useMap } = await import('./map-context'));
  ({ MapView } = await import('./map-view'));
});
afterAll(() => {
  vi.doUnmock('./create-map');
  vi.doUnmock('./map-settings');
  vi.resetModules();
});

function Layer() {
  useMap().getCanvas().dataset.layer = 'on';
  return <p>layer</p>;
}

describe('MapView (the map core)', () => {
  let fake: FakeMap;
  beforeEach(() => {
    fake = createFakeMap();
    vi.mocked(createMap).mockReset().mockReturnValue(fake.map);
    Object.assign(settings, { data: undefined, isError: false });
  });

  it('creates the map once the settings are known and renders its layers once it has loaded', () => {
    const view = renderWithProviders(
      <MapView testId="a-map" label="The bike" basemap="street" loadingText="Loading">
        <Layer />
      </MapView>,
    );
    expect(createMap).not.toHaveBeenCalled();
    expect(screen.getByText('Loading').closest('[aria-busy]')).toBeInTheDocument();
    settings.data = { mapStyleUrl: '', mapAccessToken: '', demoStreets: [] };
    view.rerender(
      <MapView testId="a-map" label="The bike" basemap="street" loadingText="Loading">
        <Layer />
      </MapView>,
    );
    expect(createMap).toHaveBeenCalledWith(expect.any(HTMLElement), settings.data, {
      basemap: 'street',
      camera: undefined,
      boxZoom: true,
      theme: 'light',
    });
    expect(fake.map.getCanvas()).toHaveAttribute('aria-label', 'The bike');
    expect(screen.queryByText('layer')).toBeNull();
    act(() => fake.fire('load'));
    expect(screen.getByText('layer')).toBeInTheDocument();
    expect(screen.getByTestId('a-map')).toHaveAttribute('data-ready', 'true');
    expect(screen.queryByText('Loading')).toBeNull();
    view.unmount();
    expect(fake.removed).toBe(true);
  });

  it('says so when the browser cannot draw a map', () => {
    vi.mocked(createMap).mockReturnValue(null);
    settings.data = { mapStyleUrl: '', mapAccessToken: '', demoStreets: [] };
    renderWithProviders(<MapView testId="a-map" label="Bikes" />);
    expect(screen.getByRole('status')).toHaveTextContent(/could not be drawn/);
    expect(screen.getByTestId('a-map')).not.toHaveAttribute('data-ready');
  });

  it('says so when the map settings cannot be read', () => {
    settings.isError = true;
    renderWithProviders(<MapView testId="a-map" label="Bikes" />);
    expect(screen.getByRole('status')).toHaveTextContent(/could not be drawn/);
  });
});
