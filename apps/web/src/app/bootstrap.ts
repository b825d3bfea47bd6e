// Start-up: the language from the first address segment, the application info from
// /app-info.json (SPEC §3; nothing deployment-specific is built in), translations, the
// session and HTTP client, and a session check before the first page renders.
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { AppInfo } from '@vfm/contract';
import { ACCESS_TOKEN_STORAGE_KEY, isLanguage, type Language } from '@vfm/contract/constants';
import { isApiError } from '../api/api-error';
import { createHttpClient } from '../api/http-client';
import { createI18n } from '../i18n/i18n';
import { languageFromPath, withDefaultLanguage } from '../i18n/language-url';
import type { AppServices } from '../services/services';
import { createTitleStore } from '../services/title-store';
import { isTokenExpired } from '../session/jwt';
import { createSessionStore } from '../session/session-store';
import { createToastStore } from '../ui/toast/toast-store';
import { isPublicPath } from './guards/access';
import { createAppRouter } from './router';

export type BootResult =
  | { kind: 'ready'; services: AppServices; i18n: I18n; router: ReturnType<typeof createAppRouter> }
  | { kind: 'redirected' }
  | { kind: 'failed'; i18n: I18n; retry: () => void };

export async function fetchAppInfo(): Promise<AppInfo> {
  const response = await fetch('/app-info.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/app-info.json answered ${response.status}`);
  return (await response.json()) as AppInfo;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a 4xx will not get better by asking again
        retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
      },
    },
  });
}

export async function bootstrap(): Promise<BootResult> {
  const language = languageFromPath(window.location.pathname);
  if (!language) {
    window.location.replace(withDefaultLanguage(window.location));
    return { kind: 'redirected' };
  }
  document.documentElement.lang = language;
  // the fleet screen opened directly: its prefetch chunk loads beside the translations and the
  // application info; it starts the markers, the map's worker and code once the session is known
  const fleetScreen = opensFleetScreen() ? import('../features/fleet/prefetch-fleet') : null;
  const fleetPrefetch: { module?: Awaited<NonNullable<typeof fleetScreen>> } = {};
  fleetScreen?.then((m) => (fleetPrefetch.module = m)).catch(() => undefined);
  // the translations and the application info, side by side
  const appInfoLoad = fetchAppInfo().then(
    (info) => ({ info }),
    (error: unknown) => ({ error }),
  );
  const i18n = await createI18n(language);
  const loaded = await appInfoLoad;
  if ('error' in loaded) {
    console.error('VFM cannot start without /app-info.json', loaded.error);
    return { kind: 'failed', i18n, retry: () => window.location.reload() };
  }
  const appInfo: AppInfo = loaded.info;
  const supported: readonly string[] = appInfo.languages;
  if (!supported.includes(language)) {
    const fallback = supported.find(isLanguage) ?? 'fr';
    window.location.replace(window.location.pathname.replace(`/${language}`, `/${fallback}`));
    return { kind: 'redirected' };
  }

  const session = createSessionStore({ applicationKey: appInfo.key, eventTarget: window });
  const http = createHttpClient({
    apiKey: appInfo.xapikey,
    publicEndpoints: appInfo.publicEndpoints,
    language,
    session,
  });
  await checkStoredSession(session, http);

  const services: AppServices = {
    appInfo,
    language: language as Language,
    session,
    http,
    queryClient: createQueryClient(),
    toasts: createToastStore(),
    titles: createTitleStore(appInfo.title),
    reload: (url) => window.location.assign(url),
  };
  leaveSignedInAddressWhenSignedOut(language, session, appInfo.publicPaths);
  if (fleetScreen && session.getSnapshot().status === 'authenticated') {
    // at once when the chunk is there (the usual case): before the router asks for the shell
    if (fleetPrefetch.module) fleetPrefetch.module.prefetchFleetScreen(services);
    else void fleetScreen.then((m) => m.prefetchFleetScreen(services)).catch(() => undefined);
  }
  // the features' translation map (one loader per feature and language) comes with the
  // signed-in shell, not in the entry the sign-in screen downloads
  const router = createAppRouter(language, () =>
    import('../i18n/feature-messages').then((m) =>
      m.loadFeatureMessages(i18n, language as Language),
    ),
  );
  return { kind: 'ready', services, i18n, router };
}

/** A visit that starts on the fleet screen (`/{lang}/fleet`) with a stored session. */
function opensFleetScreen(): boolean {
  if (!/^\/[a-z]{2}\/fleet\/?$/.test(window.location.pathname)) return false;
  try {
    return !!window.localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return false;
  }
}

/**
 * Signed out on a signed-in address (`/fr/`, `/fr/fleet` — the one the README gives): the
 * address becomes the login screen's before the router starts, so that the shell and the page
 * the guard would refuse are never downloaded (the sign-in budget of docs/performance.md holds
 * for every signed-out entry). The guard (RequireAccess) still decides every later navigation.
 */
function leaveSignedInAddressWhenSignedOut(
  language: string,
  session: ReturnType<typeof createSessionStore>,
  publicPaths: readonly string[],
) {
  if (session.getSnapshot().status === 'authenticated') return;
  const inApp = window.location.pathname.slice(language.length + 1).replace(/^\/+/, '');
  if (inApp === 'auth' || inApp.startsWith('auth/') || isPublicPath(inApp, publicPaths)) return;
  if (inApp) console.warn(`Access to /${inApp} denied: redirecting to /auth/login`);
  window.history.replaceState(window.history.state, '', `/${language}/auth/login`);
}

/**
 * A stored access token that expired or cannot be read is refreshed before the first page;
 * a session without the application role does not survive (SPEC §6).
 */
async function checkStoredSession(
  session: ReturnType<typeof createSessionStore>,
  http: ReturnType<typeof createHttpClient>,
): Promise<void> {
  if (session.getSnapshot().status !== 'authenticated') return;
  if (isTokenExpired(session.accessToken())) {
    await http.refreshSession().catch(() => undefined);
  }
  const snapshot = session.getSnapshot();
  if (snapshot.status === 'authenticated' && snapshot.userType === 'UNKNOWN') session.clear();
}
