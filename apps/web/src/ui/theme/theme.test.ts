import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, effectiveTheme } from './theme';

afterEach(() => applyTheme('SYSTEM'));

describe('theme', () => {
  it('writes a chosen theme on <html> and in the cookie the server reads', () => {
    applyTheme('DARK');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain('vfm-theme=dark');
    expect(effectiveTheme()).toBe('dark');
    applyTheme('LIGHT');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.cookie).toContain('vfm-theme=light');
  });

  it('leaves SYSTEM to the device: no attribute, no cookie', () => {
    applyTheme('DARK');
    applyTheme('SYSTEM');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(document.cookie).not.toContain('vfm-theme=');
    // jsdom has no dark preference
    expect(effectiveTheme()).toBe('light');
  });
});
