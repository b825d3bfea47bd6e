import { render, screen } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MapContextModule from './map-context';
import type * as PopupLayerModule from './popup-layer';

/** MapLibre's popup as the layer uses it: what was made, moved, removed. */
class FakePopup {
  static made: FakePopup[] = [];
  at: [number, number] | null = null;
  removed = false;
  content: HTMLElement | null = null;
  private handlers = new Map<string, () => void>();
  constructor() {
    FakePopup.made.push(this);
  }
  setLngLat(at: [number, number]) {
    this.at = at;
    return this;
  }
  setDOMContent(content: HTMLElement) {
    this.content = content;
    document.body.append(content);
    return this;
  }
  addTo() {
    return this;
  }
  on(event: string, handler: () => void) {
    this.handlers.set(event, handler);
    return this;
  }
  off(event: string) {
    this.handlers.delete(event);
    return this;
  }
  remove() {
    this.removed = true;
    this.content?.remove();
    return this;
  }
  /** the user's close (its button, Escape, a click elsewhere) */
  close() {
    this.handlers.get('close')?.();
  }
}

// The web tests share their worker's modules (vite.config.ts, isolate: false): the layer is
// imported afresh with MapLibre's popup replaced, and the mock is dropped after this file.
let PopupLayer: typeof PopupLayerModule.PopupLayer;
let MapContext: typeof MapContextModule.MapContext;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('./maplibre', () => ({ maplibregl: { Popup: FakePopup } }));
  ({ PopupLayer } = await import('./popup-layer'));
  ({ MapContext } = await import('./map-context'));
});
afterAll(() => {
  vi.doUnmock('./maplibre');
  vi.resetModules();
});

describe('PopupLayer', () => {
  beforeEach(() => {
    FakePopup.made = [];
  });

  const map = {} as MapLibreMap;
  const layer = (at: [number, number], onClose = vi.fn()) => (
    <MapContext.Provider value={map}>
      <PopupLayer at={at} onClose={onClose}>
        <a href="/fr/fleet/product/VFM-00001">Ouvrir</a>
      </PopupLayer>
    </MapContext.Provider>
  );

  it('moves with its bike: one popup, its content never taken down', () => {
    const { rerender } = render(layer([4.83, 45.76]));
    const link = screen.getByRole('link', { name: 'Ouvrir' });
    link.focus();
    rerender(layer([4.84, 45.77]));
    rerender(layer([4.85, 45.78]));
    expect(FakePopup.made).toHaveLength(1);
    expect(FakePopup.made[0]!.at).toEqual([4.85, 45.78]);
    expect(FakePopup.made[0]!.removed).toBe(false);
    // the same link, still in the page and still focused
    expect(screen.getByRole('link', { name: 'Ouvrir' })).toBe(link);
    expect(document.activeElement).toBe(link);
  });

  it('says when the user closed it, and goes with the page that shows it', () => {
    const onClose = vi.fn();
    const { unmount } = render(layer([4.83, 45.76], onClose));
    FakePopup.made[0]!.close();
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(FakePopup.made[0]!.removed).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
