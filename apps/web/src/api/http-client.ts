// The HTTP layer of SPEC §7: every request carries x-api-key and Accept-Language; all but the
// public endpoints carry the Bearer token; non-GET/HEAD requests to relative URLs repeat the
// XSRF-TOKEN cookie in X-XSRF-TOKEN. On a 401 the client refreshes the token once and replays
// the request; requests arriving meanwhile wait for that one refresh (SPEC §4). A refresh
// answered 4xx ends the session: both tokens are cleared and logged-out is raised.
import { API_KEY_HEADER, API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@vfm/contract/constants';
import type { TokenPair } from '@vfm/contract';
import { ApiError, type ProblemBody } from './api-error';
import { createLoadingTracker, type LoadingTracker } from './loading-tracker';
import type { SessionStore } from '../session/session-store';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** an object is sent as JSON; a string, Blob or FormData as is */
  body?: unknown;
  contentType?: string;
  responseType?: 'json' | 'text' | 'blob';
  /** the Accept header, when not JSON */
  accept?: string;
  signal?: AbortSignal;
  /** called with the headers of a successful answer (e.g. fleet/markers' age) */
  onHeaders?: (headers: Headers) => void;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  put<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /**
   * Opens a streamed GET (Server-Sent Events) with the same headers, refresh and replay as any
   * call, and resolves with the open response once its headers arrived; the caller reads the
   * body. A stream stays open for hours, so it does not count in `loading`.
   */
  stream(path: string, options?: Pick<RequestOptions, 'query' | 'signal'>): Promise<Response>;
  /** refresh the access token now (shares a refresh already under way) */
  refreshSession(): Promise<void>;
  /** on while at least one request is in flight */
  readonly loading: LoadingTracker;
}

export interface HttpClientOptions {
  apiKey: string;
  /** extra public endpoints from the application info (full paths) */
  publicEndpoints: readonly string[];
  language: string;
  session: SessionStore;
  fetch?: typeof fetch;
  /** the document's cookies, read for the XSRF token */
  readCookies?: () => string;
}

/** SPEC §7: these never carry the Bearer token, whatever the application info says. */
export const BUILT_IN_PUBLIC_ENDPOINTS = [
  'auth/login',
  'auth/refresh',
  'auth/change-password',
  'auth/reset-password',
  'application/settings',
].map((path) => `${API_PREFIX}/${path}`);

export function resolveUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `${API_PREFIX}/${path}`;
}

function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? url;
}

export function isPublicEndpoint(url: string, publicEndpoints: readonly string[]): boolean {
  const path = /^https?:\/\//.test(url) ? new URL(url).pathname : pathOf(url);
  return [...BUILT_IN_PUBLIC_ENDPOINTS, ...publicEndpoints].some(
    (endpoint) => path === endpoint || path.startsWith(`${endpoint}/`),
  );
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

async function parseBody(response: Response, responseType: RequestOptions['responseType']) {
  if (response.status === 204 || response.status === 205) return undefined;
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

async function toApiError(response: Response): Promise<ApiError> {
  let problem: ProblemBody | null = null;
  try {
    const text = await response.text();
    if (text) problem = JSON.parse(text) as ProblemBody;
  } catch {
    problem = null;
  }
  return new ApiError(response.status, problem);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const readCookies = options.readCookies ?? (() => document.cookie);
  const loading = createLoadingTracker();
  const { session } = options;
  let refreshing: Promise<string> | null = null;

  const send = (url: string, init: RequestOptions, token: string | null): Promise<Response> => {
    const method = init.method ?? 'GET';
    const headers = new Headers({
      [API_KEY_HEADER]: options.apiKey,
      'Accept-Language': options.language,
      Accept: init.accept ?? 'application/json, application/problem+json, */*',
    });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const relative = !/^https?:\/\//.test(url);
    if (method !== 'GET' && method !== 'HEAD' && relative) {
      const xsrf = readCookie(readCookies(), XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      const raw = init.body;
      if (typeof raw === 'string' || raw instanceof Blob || raw instanceof FormData) {
        body = raw;
        if (init.contentType) headers.set('Content-Type', init.contentType);
      } else {
        body = JSON.stringify(raw);
        headers.set('Content-Type', init.contentType ?? 'application/json');
      }
    }
    return doFetch(withQuery(url, init.query), {
      method,
      headers,
      body,
      signal: init.signal,
      credentials: 'same-origin',
    });
  };

  /** SPEC §4: one refresh at a time; every caller waiting on a 401 shares it. */
  const refreshAccessToken = (): Promise<string> => {
    refreshing ??= (async () => {
      const refreshToken = session.refreshToken();
      if (!refreshToken) {
        session.clear();
        throw new ApiError(401, null);
      }
      const response = await send(
        resolveUrl('auth/refresh'),
        { method: 'POST', body: { refreshToken } },
        null,
      );
      if (!response.ok) {
        const error = await toApiError(response);
        // the refresh token is dead (401) or refused: the session cannot go on
        if (error.status >= 400 && error.status < 500) session.clear();
        throw error;
      }
      const pair = (await response.json()) as TokenPair;
      session.storeTokens(pair);
      return pair.jwtToken;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  /** Sends with the Bearer token; SPEC §4: a 401 refreshes once and replays. */
  const sendAuthorized = async (url: string, init: RequestOptions): Promise<Response> => {
    const isPublic = isPublicEndpoint(url, options.publicEndpoints);
    // requests arriving during a refresh wait for it, then use the new token
    if (refreshing && !isPublic) await refreshing.catch(() => undefined);
    const token = isPublic ? null : session.accessToken();
    const response = await send(url, init, token);
    if (response.status !== 401 || isPublic) return response;
    const current = session.accessToken();
    // a parallel request may already have refreshed: replay with its token
    const fresh = current && current !== token ? current : await refreshAccessToken();
    return send(url, init, fresh);
  };

  const request = async <T>(path: string, init: RequestOptions = {}): Promise<T> => {
    loading.start();
    try {
      const response = await sendAuthorized(resolveUrl(path), init);
      if (!response.ok) throw await toApiError(response);
      init.onHeaders?.(response.headers);
      return (await parseBody(response, init.responseType)) as T;
    } finally {
      loading.stop();
    }
  };

  const stream = async (path: string, init: Pick<RequestOptions, 'query' | 'signal'> = {}) => {
    const response = await sendAuthorized(resolveUrl(path), {
      ...init,
      method: 'GET',
      accept: 'text/event-stream',
    });
    if (!response.ok) throw await toApiError(response);
    return response;
  };

  return {
    request,
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    put: (path, body, rest) => request(path, { ...rest, method: 'PUT', body }),
    delete: (path, rest) => request(path, { ...rest, method: 'DELETE' }),
    stream,
    refreshSession: async () => {
      loading.start();
      try {
        await refreshAccessToken();
      } finally {
        loading.stop();
      }
    },
    loading,
  };
}
