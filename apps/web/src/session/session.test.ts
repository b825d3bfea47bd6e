import { describe, expect, it, vi } from 'vitest';
import type { AppInfo } from '@vfm/contract';
import type { HttpClient } from '../api/http-client';
import { MemoryStorage } from '../testing/memory-storage';
import { makeToken } from '../testing/tokens';
import { decodeClaims, isTokenExpired } from './jwt';
import { RoleMissingError, completeLogin, logout } from '../account/login-flow';
import { createSessionStore } from './session-store';
import { userTypeOf } from './user-type';

const appInfo: AppInfo = {
  key: 'VFM',
  title: 'VFM',
  version: '2.17.0-rc.1',
  languages: ['fr', 'en', 'de', 'es'],
  xapikey: 'k',
  settingsUrl: '/api/wf/rest/v1/users/{userId}/settings',
  publicEndpoints: [],
  publicPaths: [],
  routeOnLoginSuccessForUser: 'fleet',
  routeOnLoginSuccessForAdmin: 'administration',
};

describe('user type (SPEC §4)', () => {
  it('is ADMIN first, then USER, otherwise UNKNOWN', () => {
    expect(userTypeOf(['ROLE_VFM', 'ROLE_VFM_ADMIN'], 'VFM')).toBe('ADMIN');
    expect(userTypeOf(['ROLE_VFM_ADMIN'], 'VFM')).toBe('ADMIN');
    expect(userTypeOf(['ROLE_VFM'], 'VFM')).toBe('USER');
    expect(userTypeOf(['ROLE_OTHER', 'ROLE_OTHER_ADMIN'], 'VFM')).toBe('UNKNOWN');
    expect(userTypeOf([], 'VFM')).toBe('UNKNOWN');
    expect(userTypeOf(undefined, 'VFM')).toBe('UNKNOWN');
  });
});

describe('token claims', () => {
  it('reads ID, sub and ROLES', () => {
    const claims = decodeClaims(makeToken({ ID: 'u1', sub: 'é@vfm.demo', ROLES: ['ROLE_VFM'] }));
    expect(claims).toMatchObject({ ID: 'u1', sub: 'é@vfm.demo', ROLES: ['ROLE_VFM'] });
  });
  it('tells unreadable and expired tokens', () => {
    expect(decodeClaims('garbage')).toBeNull();
    expect(isTokenExpired('garbage')).toBe(true);
    expect(isTokenExpired(makeToken({ exp: 1 }))).toBe(true);
    expect(isTokenExpired(makeToken())).toBe(false);
  });
});

describe('session store (SPEC §4)', () => {
  it('is logged out when no token is stored', () => {
    const session = createSessionStore({ applicationKey: 'VFM', storage: new MemoryStorage() });
    expect(session.getSnapshot()).toMatchObject({ status: 'anonymous', userType: 'UNKNOWN' });
  });

  it('is signed in from stored tokens, with the user of the token', () => {
    const storage = new MemoryStorage();
    storage.setItem('jwtToken', makeToken({ ID: 'u1', ROLES: ['ROLE_VFM', 'ROLE_VFM_ADMIN'] }));
    const session = createSessionStore({ applicationKey: 'VFM', storage });
    expect(session.getSnapshot()).toMatchObject({
      status: 'authenticated',
      userId: 'u1',
      userType: 'ADMIN',
    });
  });

  it('stores both tokens under jwtToken and jwtRefreshToken; clear removes both and raises logged-out', () => {
    const storage = new MemoryStorage();
    const session = createSessionStore({ applicationKey: 'VFM', storage });
    const loggedIn = vi.fn();
    const loggedOut = vi.fn();
    session.on('logged-in', loggedIn);
    session.on('logged-out', loggedOut);
    session.storeTokens({ jwtToken: makeToken(), jwtRefreshToken: 'r1' });
    expect(storage.getItem('jwtRefreshToken')).toBe('r1');
    expect(session.getSnapshot().status).toBe('authenticating');
    session.markLoggedIn();
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().status).toBe('authenticated');
    session.clear();
    expect(storage.length).toBe(0);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    session.clear();
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('follows a logout made in another tab', () => {
    const storage = new MemoryStorage();
    storage.setItem('jwtToken', makeToken());
    const target = new EventTarget();
    const session = createSessionStore({
      applicationKey: 'VFM',
      storage,
      eventTarget: target as Window,
    });
    const loggedOut = vi.fn();
    session.on('logged-out', loggedOut);
    storage.removeItem('jwtToken');
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'jwtToken' }));
    expect(session.getSnapshot().status).toBe('anonymous');
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });
});

function fakeHttp(settings: unknown, putFails = false) {
  const calls: { method: string; path: string; body?: unknown; query?: unknown }[] = [];
  const http = {
    get: vi.fn(async (path: string, options?: { query?: unknown }) => {
      calls.push({ method: 'GET', path, query: options?.query });
      if (settings instanceof Error) throw settings;
      return settings;
    }),
    put: vi.fn(async (path: string, body: unknown, options?: { query?: unknown }) => {
      calls.push({ method: 'PUT', path, body, query: options?.query });
      if (putFails) throw new Error('down');
    }),
    post: vi.fn(async (path: string, body: unknown) => {
      calls.push({ method: 'POST', path, body });
    }),
  };
  return { http: http as unknown as HttpClient, calls };
}

function flow(language: 'fr' | 'en', settings: unknown) {
  const storage = new MemoryStorage();
  const session = createSessionStore({ applicationKey: 'VFM', storage });
  const { http, calls } = fakeHttp(settings);
  const navigate = vi.fn();
  const reload = vi.fn();
  const loggedIn = vi.fn();
  session.on('logged-in', loggedIn);
  return {
    deps: { appInfo, language, session, http, navigate, reload },
    storage,
    session,
    calls,
    navigate,
    reload,
    loggedIn,
  };
}

describe('after login (SPEC §4)', () => {
  const userPair = {
    jwtToken: makeToken({ ID: 'u1', ROLES: ['ROLE_VFM'] }),
    jwtRefreshToken: 'r1',
  };
  const adminPair = {
    jwtToken: makeToken({ ID: 'u2', ROLES: ['ROLE_VFM', 'ROLE_VFM_ADMIN'] }),
    jwtRefreshToken: 'r2',
  };

  it('reads the settings, writes back the language keeping the distance unit, raises logged-in, goes home', async () => {
    const t = flow('fr', { applicationName: 'VFM', distanceUnit: 'MI', language: 'fr' });
    const outcome = await completeLogin(t.deps, userPair);
    expect(outcome).toEqual({ kind: 'home', route: '/fleet' });
    expect(t.calls[0]).toEqual({
      method: 'GET',
      path: '/api/wf/rest/v1/users/u1/settings',
      query: { applicationName: 'VFM' },
    });
    expect(t.calls[1]).toMatchObject({
      method: 'PUT',
      path: '/api/wf/rest/v1/users/u1/settings',
      body: { applicationName: 'VFM', distanceUnit: 'MI', language: 'fr' },
    });
    expect(t.storage.getItem('jwtToken')).toBe(userPair.jwtToken);
    expect(t.storage.getItem('jwtRefreshToken')).toBe('r1');
    expect(t.loggedIn).toHaveBeenCalledTimes(1);
    expect(t.navigate).toHaveBeenCalledWith('/fleet', { replace: true });
  });

  it('sends admins to the admin home route', async () => {
    const t = flow('fr', { applicationName: 'VFM', distanceUnit: 'KM', language: 'fr' });
    await completeLogin(t.deps, adminPair);
    expect(t.navigate).toHaveBeenCalledWith('/administration', { replace: true });
  });

  it('reloads under the language of the settings when it differs', async () => {
    const t = flow('fr', { applicationName: 'VFM', distanceUnit: 'KM', language: 'de' });
    const outcome = await completeLogin(t.deps, userPair);
    expect(outcome).toEqual({ kind: 'reload', url: '/de/fleet' });
    expect(t.reload).toHaveBeenCalledWith('/de/fleet');
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.storage.getItem('jwtToken')).toBe(userPair.jwtToken);
  });

  it('writes KM when no settings could be read', async () => {
    const t = flow('en', new Error('404'));
    await completeLogin(t.deps, userPair);
    expect(t.calls[1]).toMatchObject({
      method: 'PUT',
      body: { distanceUnit: 'KM', language: 'en' },
    });
    expect(t.navigate).toHaveBeenCalledWith('/fleet', { replace: true });
  });

  it('logs a user without the application role out and stores nothing', async () => {
    const t = flow('fr', null);
    const pair = { jwtToken: makeToken({ ROLES: ['ROLE_OTHER'] }), jwtRefreshToken: 'r3' };
    await expect(completeLogin(t.deps, pair)).rejects.toBeInstanceOf(RoleMissingError);
    expect(t.calls).toEqual([
      { method: 'POST', path: 'auth/logout', body: { refreshToken: 'r3' } },
    ]);
    expect(t.storage.length).toBe(0);
    expect(t.loggedIn).not.toHaveBeenCalled();
    expect(t.navigate).not.toHaveBeenCalled();
  });
});

describe('logout (SPEC §7)', () => {
  it('tells the server, then clears both tokens', async () => {
    const storage = new MemoryStorage();
    storage.setItem('jwtToken', makeToken());
    storage.setItem('jwtRefreshToken', 'r1');
    const session = createSessionStore({ applicationKey: 'VFM', storage });
    const { http, calls } = fakeHttp(null);
    await logout({ http, session });
    expect(calls).toEqual([{ method: 'POST', path: 'auth/logout', body: { refreshToken: 'r1' } }]);
    expect(storage.length).toBe(0);
  });

  it('only clears local state without a refresh token', async () => {
    const storage = new MemoryStorage();
    storage.setItem('jwtToken', makeToken());
    const session = createSessionStore({ applicationKey: 'VFM', storage });
    const { http, calls } = fakeHttp(null);
    await logout({ http, session });
    expect(calls).toEqual([]);
    expect(session.getSnapshot().status).toBe('anonymous');
  });
});
