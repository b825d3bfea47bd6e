import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, type SessionStore } from '../session/session-store';
import { MemoryStorage } from '../testing/memory-storage';
import { makeToken } from '../testing/tokens';
import { isApiError } from './api-error';
import { createHttpClient, isPublicEndpoint, readCookie } from './http-client';

const OLD = makeToken({ exp: Math.floor(Date.now() / 1000) + 10 });
const NEW = makeToken({ exp: Math.floor(Date.now() / 1000) + 900 });

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake server: protected calls accept only `valid`; refresh answers `refreshStatus`. */
function fakeServer(options: { valid: string; refreshStatus?: number }) {
  const calls: Call[] = [];
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ url, method: init?.method ?? 'GET', headers, body: init?.body as string });
    if (url.endsWith('/auth/refresh')) {
      await refreshGate;
      if (options.refreshStatus && options.refreshStatus !== 200) {
        return json(options.refreshStatus, { status: options.refreshStatus, code: 'X' });
      }
      return json(200, { jwtToken: NEW, jwtRefreshToken: 'refresh-2' });
    }
    if (/\/(auth|application)\//.test(url)) return json(200, { ok: true });
    if (headers.get('authorization') !== `Bearer ${options.valid}`) {
      return json(401, { status: 401, code: 'TOKEN_INVALID' });
    }
    return json(200, { url });
  });
  return { calls, fetchMock, releaseRefresh };
}

function setup(server: ReturnType<typeof fakeServer>, cookies = 'XSRF-TOKEN=abc%3D; other=1') {
  const storage = new MemoryStorage();
  storage.setItem('jwtToken', OLD);
  storage.setItem('jwtRefreshToken', 'refresh-1');
  const session: SessionStore = createSessionStore({ applicationKey: 'VFM', storage });
  const client = createHttpClient({
    apiKey: 'the-key',
    publicEndpoints: ['/api/wf/rest/v1/auth/logout'],
    language: 'de',
    session,
    fetch: server.fetchMock as typeof fetch,
    readCookies: () => cookies,
  });
  return { storage, session, client };
}

/** A client without stored tokens over a given fetch. */
function signedOutClient(fetchMock: ReturnType<typeof vi.fn>) {
  const session = createSessionStore({ applicationKey: 'VFM', storage: new MemoryStorage() });
  return createHttpClient({
    apiKey: 'k',
    publicEndpoints: [],
    language: 'fr',
    session,
    fetch: fetchMock as unknown as typeof fetch,
    readCookies: () => '',
  });
}

describe('http client headers (SPEC §7)', () => {
  it('sends x-api-key, Accept-Language and the Bearer token on protected calls', async () => {
    const server = fakeServer({ valid: OLD });
    const { client } = setup(server);
    await client.get('fleet/list', { query: { page: 0, ids: ['a', 'b'], skip: undefined } });
    const [call] = server.calls;
    expect(call?.url).toBe('/api/wf/rest/v1/fleet/list?page=0&ids=a&ids=b');
    expect(call?.headers.get('x-api-key')).toBe('the-key');
    expect(call?.headers.get('accept-language')).toBe('de');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${OLD}`);
    expect(call?.headers.get('x-xsrf-token')).toBeNull();
  });

  it('sends no Bearer token to the public endpoints, built-in or from the app info', async () => {
    const server = fakeServer({ valid: OLD });
    const { client } = setup(server);
    await client.post('auth/login', { email: 'a@b.cd' });
    await client.post('auth/logout', { refreshToken: 'r' });
    await client.get('application/settings/VFM', { query: { language: 'fr' } });
    for (const call of server.calls) expect(call.headers.get('authorization')).toBeNull();
  });

  it('repeats the XSRF cookie on non-GET calls to relative URLs only', async () => {
    const server = fakeServer({ valid: OLD });
    const { client } = setup(server);
    await client.put('/api/wf/rest/v1/users/1/settings', { language: 'fr' });
    await client.post('https://elsewhere.example/hook', {});
    expect(server.calls[0]?.headers.get('x-xsrf-token')).toBe('abc=');
    expect(server.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(server.calls[0]?.body).toBe('{"language":"fr"}');
    expect(server.calls[1]?.headers.get('x-xsrf-token')).toBeNull();
  });

  it('turns problem+json answers into ApiError', async () => {
    const client = signedOutClient(
      vi.fn(async () => json(406, { status: 406, code: 'SAME_PASSWORD', detail: 'same' })),
    );
    const error = await client.post('auth/change-password', {}).catch((e: unknown) => e);
    expect(isApiError(error, 406)).toBe(true);
    expect(isApiError(error) && error.problem?.code).toBe('SAME_PASSWORD');
  });

  it('matches public endpoints by path, ignoring the query string', () => {
    expect(isPublicEndpoint('/api/wf/rest/v1/application/settings/VFM?language=fr', [])).toBe(true);
    expect(isPublicEndpoint('/api/wf/rest/v1/auth/loginx', [])).toBe(false);
    expect(isPublicEndpoint('/api/wf/rest/v1/fleet/list', [])).toBe(false);
    expect(isPublicEndpoint('/x/open?a=1', ['/x/open'])).toBe(true);
  });

  it('reads cookies by name', () => {
    expect(readCookie('a=1; XSRF-TOKEN=x%2Fy', 'XSRF-TOKEN')).toBe('x/y');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
  });
});

describe('refresh queue (SPEC §4)', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer({ valid: NEW });
  });

  it('five parallel 401s lead to exactly one refresh and one replay each', async () => {
    const { client, storage } = setup(server);
    const paths = ['a', 'b', 'c', 'd', 'e'];
    const pending = Promise.all(paths.map((path) => client.get<{ url: string }>(`fleet/${path}`)));
    // let the five first attempts fail before the refresh answers
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1),
    );
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.url.includes('/fleet/'))).toHaveLength(5),
    );
    server.releaseRefresh();
    const results = await pending;

    expect(results.map((r) => r.url)).toEqual(paths.map((p) => `/api/wf/rest/v1/fleet/${p}`));
    const refreshes = server.calls.filter((c) => c.url.endsWith('/auth/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]!.body!)).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshes[0]?.headers.get('authorization')).toBeNull();
    for (const path of paths) {
      const attempts = server.calls.filter((c) => c.url.endsWith(`/fleet/${path}`));
      expect(attempts.map((c) => c.headers.get('authorization'))).toEqual([
        `Bearer ${OLD}`,
        `Bearer ${NEW}`,
      ]);
    }
    // the rotated pair is stored
    expect(storage.getItem('jwtToken')).toBe(NEW);
    expect(storage.getItem('jwtRefreshToken')).toBe('refresh-2');
  });

  it('a request arriving during the refresh waits for it and goes out with the new token', async () => {
    const { client } = setup(server);
    const first = client.get('fleet/a');
    await vi.waitFor(() =>
      expect(server.calls.some((c) => c.url.endsWith('/auth/refresh'))).toBe(true),
    );
    const late = client.get('fleet/late');
    server.releaseRefresh();
    await Promise.all([first, late]);
    const lateCalls = server.calls.filter((c) => c.url.endsWith('/fleet/late'));
    expect(lateCalls).toHaveLength(1);
    expect(lateCalls[0]?.headers.get('authorization')).toBe(`Bearer ${NEW}`);
  });

  it('a refresh answered 401 clears both tokens, raises logged-out and rejects', async () => {
    server = fakeServer({ valid: NEW, refreshStatus: 401 });
    const { client, storage, session } = setup(server);
    const loggedOut = vi.fn();
    session.on('logged-out', loggedOut);
    server.releaseRefresh();
    const results = await Promise.allSettled([client.get('fleet/a'), client.get('fleet/b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(storage.getItem('jwtToken')).toBeNull();
    expect(storage.getItem('jwtRefreshToken')).toBeNull();
    expect(session.getSnapshot().status).toBe('anonymous');
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('a refresh failing with a server error keeps the session', async () => {
    server = fakeServer({ valid: NEW, refreshStatus: 503 });
    const { client, storage } = setup(server);
    server.releaseRefresh();
    await expect(client.get('fleet/a')).rejects.toMatchObject({ status: 503 });
    expect(storage.getItem('jwtRefreshToken')).toBe('refresh-1');
  });

  it('does not refresh on a 401 from a public endpoint', async () => {
    const fetchMock = vi.fn(async () => json(401, { status: 401 }));
    const client = signedOutClient(fetchMock);
    await expect(client.post('auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('loading state (SPEC §4)', () => {
  it('is on while a request is in flight and off when none remain', async () => {
    const server = fakeServer({ valid: OLD });
    const { client } = setup(server);
    const seen: boolean[] = [];
    client.loading.subscribe(() => seen.push(client.loading.isLoading()));
    const a = client.get('fleet/a');
    const b = client.get('fleet/b');
    expect(client.loading.isLoading()).toBe(true);
    await Promise.all([a, b]);
    expect(client.loading.isLoading()).toBe(false);
    expect(seen).toEqual([true, false]);
  });
});

describe('stream()', () => {
  it('opens a stream with the usual headers, refreshing once on a 401, outside the loading state', async () => {
    const server = fakeServer({ valid: NEW });
    const { client } = setup(server);
    const seen: boolean[] = [];
    client.loading.subscribe(() => seen.push(client.loading.isLoading()));
    const opening = client.stream('fleet/stream');
    server.releaseRefresh();
    const response = await opening;
    expect(response.status).toBe(200);
    const streamCalls = server.calls.filter((call) => call.url.endsWith('/fleet/stream'));
    expect(streamCalls).toHaveLength(2);
    expect(streamCalls[1]!.headers.get('authorization')).toBe(`Bearer ${NEW}`);
    expect(streamCalls[1]!.headers.get('accept')).toBe('text/event-stream');
    expect(streamCalls[1]!.headers.get('x-api-key')).toBe('the-key');
    expect(seen).toEqual([]);
  });

  it('rejects with the ApiError of a refused stream', async () => {
    const fetchMock = vi.fn(async () => json(403, { status: 403, code: 'FORBIDDEN' }));
    const client = signedOutClient(fetchMock);
    const error = await client.stream('fleet/stream').catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(403);
  });
});
