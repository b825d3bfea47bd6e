// Renders the real app (routes, guards, shell, pages) in a memory router over a fake server.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { AppInfo } from '@vfm/contract';
import type { Language } from '@vfm/contract/constants';
import { createHttpClient } from '../api/http-client';
import { App } from '../app/app';
import { createRoutes } from '../app/router';
import type { AppServices } from '../services/services';
import { createTitleStore } from '../services/title-store';
import { createSessionStore } from '../session/session-store';
import { createToastStore } from '../ui/toast/toast-store';
import { createFakeServer } from './fake-server';
import { testI18n } from './i18n';
import { MemoryStorage } from './memory-storage';
import { makeToken } from './tokens';

export const testAppInfo: AppInfo = {
  key: 'VFM',
  title: 'VFM',
  version: '2.17.0-rc.1',
  languages: ['fr', 'en', 'de', 'es', 'it', 'nl', 'zh', 'cs', 'pt', 'pl', 'fi'],
  xapikey: 'test-key',
  settingsUrl: '/api/wf/rest/v1/users/{userId}/settings',
  publicEndpoints: ['/api/wf/rest/v1/auth/logout', '/api/wf/rest/v1/auth/validation'],
  publicPaths: [],
  routeOnLoginSuccessForUser: 'fleet',
  routeOnLoginSuccessForAdmin: 'fleet',
};

export const USER_ID = '7f1c2f8e-0000-4000-8000-000000000001';

export function tokenFor(kind: 'admin' | 'user' | 'technician' | 'none') {
  const roles = {
    admin: ['ROLE_VFM', 'ROLE_VFM_ADMIN'],
    user: ['ROLE_VFM'],
    // docs/tasks.md: a field technician
    technician: ['ROLE_VFM', 'ROLE_VFM_TECHNICIAN'],
    none: ['ROLE_OTHER'],
  }[kind];
  return makeToken({ ID: USER_ID, sub: `${kind}@vfm.demo`, ROLES: roles });
}

/** Answers the shell needs on every page. */
export const shellAnswers = {
  'GET accounts/me': {
    id: USER_ID,
    email: 'manager@vfm.demo',
    fullName: 'manon petit',
    description: 'Fleet manager',
    photoVersion: null,
    roles: ['ROLE_VFM'],
    fleet: { id: 'f1', name: 'Demo Fleet' },
  },
  'GET application/settings/VFM': {
    privacyPolicyUrl: '/privacy',
    helpUrl: 'https://help.example/vfm',
  },
  [`GET users/${USER_ID}/settings`]: { applicationName: 'VFM', distanceUnit: 'MI', language: 'en' },
  // docs/notifications.md: the bell and the alert rules
  'GET notifications/unread': { unread: 0 },
  'GET notifications': { content: [], totalElements: 0, page: 0, size: 20, unread: 0 },
  'GET notification-rules': { content: [] },
  'GET push-subscriptions': { content: [] },
};

export function renderApp(
  path: string,
  options: {
    signedInAs?: 'admin' | 'user' | 'technician' | 'none';
    answers?: Record<string, unknown>;
    language?: Language;
  } = {},
) {
  const storage = new MemoryStorage();
  if (options.signedInAs) {
    storage.setItem('jwtToken', tokenFor(options.signedInAs));
    storage.setItem('jwtRefreshToken', 'refresh-1');
  }
  const server = createFakeServer({ ...shellAnswers, ...options.answers });
  const session = createSessionStore({ applicationKey: 'VFM', storage });
  const language = options.language ?? 'en';
  const services: AppServices = {
    appInfo: testAppInfo,
    language,
    session,
    http: createHttpClient({
      apiKey: testAppInfo.xapikey,
      publicEndpoints: testAppInfo.publicEndpoints,
      language,
      session,
      fetch: server.fetch,
      readCookies: () => 'XSRF-TOKEN=xsrf',
    }),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    toasts: createToastStore(),
    titles: createTitleStore('VFM'),
    reload: vi.fn(),
  };
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const view = render(<App services={services} i18n={testI18n} router={router} />);
  return { ...view, services, server, router, storage };
}
