// A fake fetch for component tests: answers by "METHOD path" (path without the API prefix and
// query), records every call. Only component tests use it; e2e talks to the real server.
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function createFakeServer(handlers: Record<string, Handler | unknown> = {}) {
  const calls: RecordedCall[] = [];
  const routes = { ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/wf/rest/v1/', '');
    const method = init?.method ?? 'GET';
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (handler === undefined) return json(404, { status: 404, code: 'NOT_FOUND' });
    if (typeof handler === 'function') return (handler as Handler)(call);
    return json(200, handler);
  });
  return {
    fetch: fetchMock as unknown as typeof fetch,
    calls,
    /** replace or add an answer */
    on(route: string, handler: Handler | unknown) {
      routes[route] = handler;
    },
    callsTo(route: string) {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
  };
}
