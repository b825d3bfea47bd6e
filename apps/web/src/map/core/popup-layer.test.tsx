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
  getElement() {
    return undefined;
  }
  /** the user's close (its button, Escape, a click elsewhere) */
  close() {
    this.handlers.get('close')?.();
  }
}

// The web tests share their worker's modules (vite.config.ts, isolate: false): the layer is
// imported afresh with MapLibre's popup replaced, and the mock is dropped after this file.
let PopupLayer: typeof PopupLayerModule.PopupLayer;
let panIntoView: typeof PopupLayerModule.panIntoView;
let MapContext: typeof MapContextModule.MapContext;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('./maplibre', () => ({ maplibregl: { Popup: FakePopup } }));
  ({ PopupLayer, panIntoView } = await import('./popup-layer'));
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

  const map = { isMoving: () => false, off: () => undefined } as unknown as MapLibreMap;
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

describe('panIntoView', () => {
  /** a box as getBoundingClientRect gives it */
  const box = (left: number, top: number, width: number, height: number) =>
    ({ left, top, right: left + width, bottom: top + height, width, height }) as DOMRect;
  /** the map 420 × 450 px at (325, 327), as the fleet page lays it out at 1280 × 800 */
  const mapOf = () => {
    const container = { getBoundingClientRect: () => box(325, 327, 420, 450) };
    return { getContainer: () => container, panBy: vi.fn() };
  };
  const popupAt = (left: number, top: number, width: number, height: number) =>
    ({ getBoundingClientRect: () => box(left, top, width, height) }) as HTMLElement;

  it('brings a popup cut by the bottom edge up into view, with a margin', () => {
    const map = mapOf();
    // a bike centred from the address: its popup below it, past the map's bottom (777)
    panIntoView(map as unknown as MapLibreMap, popupAt(385, 580, 300, 260));
    expect(map.panBy).toHaveBeenCalledWith([0, 580 + 260 - 777 + 12]);
  });

  it('leaves a popup that is whole alone', () => {
    const map = mapOf();
    panIntoView(map as unknown as MapLibreMap, popupAt(400, 400, 200, 150));
    expect(map.panBy).not.toHaveBeenCalled();
  });

  it('keeps the top and left edges of a popup larger than the map in view', () => {
    const map = mapOf();
    panIntoView(map as unknown as MapLibreMap, popupAt(300, 500, 500, 600));
    expect(map.panBy).toHaveBeenCalledWith([300 - 325 - 12, 500 - 327 - 12]);
  });

  it('does nothing without a popup element', () => {
    const map = mapOf();
    panIntoView(map as unknown as MapLibreMap, undefined);
    expect(map.panBy).not.toHaveBeenCalled();
  });
});
