import { describe, expect, it } from 'vitest';
import { bikePath, isBikeTab } from './bike-path';

describe('bikePath', () => {
  it('is the bike page under the router, its number encoded', () => {
    expect(bikePath('VN 1/2')).toBe('/fleet/product/VN%201%2F2');
  });

  it('names a tab other than the overview', () => {
    expect(bikePath('VN1', { tab: 'alerts' })).toBe('/fleet/product/VN1?tab=alerts');
    expect(bikePath('VN1', { tab: 'overview' })).toBe('/fleet/product/VN1');
  });

  it('is the whole path with a language', () => {
    expect(bikePath('VN1', { tab: 'trips', language: 'de' })).toBe(
      '/de/fleet/product/VN1?tab=trips',
    );
  });

  it('knows its tabs', () => {
    expect(isBikeTab('share')).toBe(true);
    expect(isBikeTab('settings')).toBe(false);
    expect(isBikeTab(null)).toBe(false);
  });
});
