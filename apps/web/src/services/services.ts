// What the whole app shares, created once at start-up (app/bootstrap.ts) and handed down by
// context: the application info of SPEC §3, the page language, the session, the HTTP client,
// the query cache, toasts and the title service.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AppInfo } from '@vfm/contract';
import type { Language } from '@vfm/contract/constants';
import type { HttpClient } from '../api/http-client';
import type { SessionSnapshot, SessionStore } from '../session/session-store';
import type { ToastStore } from '../ui/toast/toast-store';
import type { TitleStore } from './title-store';

export interface AppServices {
  appInfo: AppInfo;
  language: Language;
  session: SessionStore;
  http: HttpClient;
  queryClient: QueryClient;
  toasts: ToastStore;
  titles: TitleStore;
  /** full page load of another address (language changes, SPEC §2 and §4) */
  reload: (url: string) => void;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a <ServicesContext> provider');
  return services;
}

export function useSession(): SessionSnapshot {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

/** SPEC §4: on while at least one request is in flight. */
export function useLoading(): boolean {
  const { http } = useServices();
  const { loading } = http;
  return useSyncExternalStore(loading.subscribe, loading.isLoading, loading.isLoading);
}
