// A small HTTP client for integration tests: real requests to the real server, with the
// headers every API call carries (x-api-key, Accept-Language, XSRF double submit, Bearer).
import { API_PREFIX, XSRF_COOKIE } from '@vfm/contract';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiClientOptions {
  apiKey?: string | null;
  token?: string | null;
  language?: string;
  /** XSRF double-submit value sent as cookie and header; null sends neither */
  xsrf?: string | null;
}

export interface RequestOptions {
  body?: unknown;
  /** a raw body sent as is (e.g. CSV) with contentType */
  raw?: string;
  contentType?: string;
  query?: Record<string, string | number | boolean | Array<string | number> | undefined>;
  headers?: Record<string, string>;
  token?: string | null;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly options: ApiClientOptions = {},
  ) {}

  /** the same client with other options (e.g. another token) */
  with(options: ApiClientOptions): ApiClient {
    return new ApiClient(this.baseUrl, { ...this.options, ...options });
  }

  async request<T = any>(
    method: string,
    path: string,
    init: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    // 'auth/login' is an API path (prefixed); '/healthz' is taken as it is
    const url = new URL(path.startsWith('/') ? path : `${API_PREFIX}/${path}`, this.baseUrl);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value))
        for (const item of value) url.searchParams.append(key, String(item));
      else url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...init.headers };
    const { apiKey = 'test-api-key', language, xsrf = 'test-xsrf-token' } = this.options;
    const token = init.token !== undefined ? init.token : this.options.token;
    if (apiKey) headers['x-api-key'] = apiKey;
    if (language) headers['accept-language'] = language;
    if (token) headers.authorization = `Bearer ${token}`;
    if (xsrf) {
      headers.cookie = [headers.cookie, `${XSRF_COOKIE}=${xsrf}`].filter(Boolean).join('; ');
      headers['x-xsrf-token'] ??= xsrf;
    }
    let body: string | undefined;
    if (init.raw !== undefined) {
      body = init.raw;
      headers['content-type'] = init.contentType ?? 'text/plain';
    } else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    if (/json/.test(response.headers.get('content-type') ?? '') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, init?: RequestOptions) {
    return this.request<T>('GET', path, init);
  }
  post<T = any>(path: string, body?: unknown, init?: RequestOptions) {
    return this.request<T>('POST', path, { ...init, body });
  }
  put<T = any>(path: string, body?: unknown, init?: RequestOptions) {
    return this.request<T>('PUT', path, { ...init, body });
  }
  patch<T = any>(path: string, body?: unknown, init?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...init, body });
  }
  delete<T = any>(path: string, init?: RequestOptions) {
    return this.request<T>('DELETE', path, init);
  }
}
