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
  vi.doMock('./create-map', async (importOriginal) => ({
    ...(await importOriginal<typeof CreateMap>()),
    createMap: vi.fn(),
  }));
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
    settings.data = { mapStyleUrl: '', mapStyleUrlDark: '', mapAccessToken: '', demoStreets: [] };
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
    settings.data = { mapStyleUrl: '', mapStyleUrlDark: '', mapAccessToken: '', demoStreets: [] };
    renderWithProviders(<MapView testId="a-map" label="Bikes" />);
    expect(screen.getByRole('status')).toHaveTextContent(/could not be drawn/);
    expect(screen.getByTestId('a-map')).not.toHaveAttribute('data-ready');
  });

  it("draws the deployment's dark style in dark mode, made again where the user was looking", async () => {
    settings.data = {
      mapStyleUrl: 'https://tiles.example.com/light.json',
      mapStyleUrlDark: 'https://tiles.example.com/dark.json',
      mapAccessToken: '',
      demoStreets: [],
    };
    const view = renderWithProviders(
      <MapView testId="a-map" label="Bikes">
        <Layer />
      </MapView>,
    );
    expect(createMap).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createMap).mock.calls[0]![2]).toMatchObject({ theme: 'light' });
    act(() => fake.fire('load'));
    const second = createFakeMap();
    vi.mocked(createMap).mockReturnValue(second.map);
    // the user chooses dark: the map is made again, at the first map's camera
    await act(async () => {
      document.documentElement.dataset.theme = 'dark';
      await Promise.resolve();
    });
    expect(fake.removed).toBe(true);
    expect(createMap).toHaveBeenCalledTimes(2);
    expect(vi.mocked(createMap).mock.calls[1]![2]).toMatchObject({
      theme: 'dark',
      camera: { center: [2.5, 48.5], zoom: 12 },
    });
    // its layers come back once the new map has loaded
    expect(screen.queryByText('layer')).toBeNull();
    act(() => second.fire('load'));
    expect(screen.getByText('layer')).toBeInTheDocument();
    view.unmount();
    delete document.documentElement.dataset.theme;
  });

  it('keeps one map across themes with the offline basemap, or a style without a dark one', async () => {
    settings.data = {
      mapStyleUrl: 'https://tiles.example.com/light.json',
      mapStyleUrlDark: '',
      mapAccessToken: '',
      demoStreets: [],
    };
    const view = renderWithProviders(<MapView testId="a-map" label="Bikes" />);
    await act(async () => {
      document.documentElement.dataset.theme = 'dark';
      await Promise.resolve();
    });
    expect(createMap).toHaveBeenCalledTimes(1);
    expect(fake.removed).toBe(false);
    view.unmount();
    delete document.documentElement.dataset.theme;
  });

  it('says so when the map settings cannot be read', () => {
    settings.isError = true;
    renderWithProviders(<MapView testId="a-map" label="Bikes" />);
    expect(screen.getByRole('status')).toHaveTextContent(/could not be drawn/);
  });
});
