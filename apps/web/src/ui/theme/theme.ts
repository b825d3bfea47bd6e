// The page's theme (ADR 0096). The user's choice (My account, stored with the
// user settings) is written as data-theme on <html> and in the theme cookie, from which the
// server serves the next page already themed (no flash, no script before the first paint);
// SYSTEM removes both and the CSS follows prefers-color-scheme. Maps and charts, drawn by
// script, read the effective theme here and follow its changes.
import { useSyncExternalStore } from 'react';
import { THEME_COOKIE, type Theme } from '@vfm/contract/constants';

export type EffectiveTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const YEAR_S = 365 * 24 * 3600;

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'SYSTEM') {
    delete root.dataset.theme;
    document.cookie = `${THEME_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
    return;
  }
  const value = theme === 'DARK' ? 'dark' : 'light';
  root.dataset.theme = value;
  document.cookie = `${THEME_COOKIE}=${value}; path=/; max-age=${YEAR_S}; SameSite=Lax`;
}

const prefersDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

export function effectiveTheme(root: HTMLElement = document.documentElement): EffectiveTheme {
  const chosen = root.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return prefersDark() ? 'dark' : 'light';
}

/** Calls `listener` when the effective theme may have changed (a choice, or the device's). */
export function subscribeTheme(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener('change', listener);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', listener);
  };
}

export function useEffectiveTheme(): EffectiveTheme {
  return useSyncExternalStore(subscribeTheme, () => effectiveTheme());
}
