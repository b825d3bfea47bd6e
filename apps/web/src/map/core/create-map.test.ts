// Which style a map draws (docs/manager-tools.md): the offline basemap paints itself in either theme; a
// deployment's style is drawn in both unless it names its own dark one.
import { describe, expect, it } from 'vitest';
import { cameraOptions, styleUrlFor } from './create-map';

const LIGHT = 'https://tiles.example.com/light.json';
const DARK = 'https://tiles.example.com/dark.json';

describe('styleUrlFor', () => {
  it('is the offline basemap in both themes when no style is configured', () => {
    expect(styleUrlFor({ mapStyleUrl: '', mapStyleUrlDark: '' }, 'dark')).toBe('');
    // a dark style alone does not replace the offline basemap
    expect(styleUrlFor({ mapStyleUrl: '', mapStyleUrlDark: DARK }, 'dark')).toBe('');
  });

  it('is the configured style in both themes without a dark one', () => {
    expect(styleUrlFor({ mapStyleUrl: LIGHT, mapStyleUrlDark: '' }, 'dark')).toBe(LIGHT);
  });

  it('is the dark style in dark mode only', () => {
    const settings = { mapStyleUrl: LIGHT, mapStyleUrlDark: DARK };
    expect(styleUrlFor(settings, 'dark')).toBe(DARK);
    expect(styleUrlFor(settings, 'light')).toBe(LIGHT);
  });
});

describe('cameraOptions', () => {
  it('opens at a place, or fitted to an extent (the fleet map, born at its fleet)', () => {
    expect(cameraOptions({ center: [2.35, 48.85], zoom: 12 })).toEqual({
      center: [2.35, 48.85],
      zoom: 12,
    });
    expect(cameraOptions({ bounds: [2, 48, 3, 49], padding: 48, maxZoom: 15 })).toEqual({
      bounds: [2, 48, 3, 49],
      fitBoundsOptions: { padding: 48, maxZoom: 15 },
    });
  });
});
