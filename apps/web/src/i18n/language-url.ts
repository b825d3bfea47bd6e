// The site language is the first address segment (SPEC §1); the router's basename is /{lang}.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@vfm/contract/constants';

export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) ? first : null;
}

/**
 * Where to reload for another language: the same page under /{lang}/ (the query string kept,
 * so an e-mailed change-password link survives a language change; docs/decisions/0032).
 */
export function languageSwitchUrl(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  language: Language,
): string {
  const current = languageFromPath(location.pathname);
  const rest = current ? location.pathname.slice(current.length + 1) : location.pathname;
  const path = rest && rest !== '/' ? rest : '/';
  return `/${language}${path}${location.search}${location.hash}`;
}

/** The address to use when the page has no language segment (the server redirects too). */
export function withDefaultLanguage(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string {
  return languageSwitchUrl(location, DEFAULT_LANGUAGE);
}
