// The API gates (x-api-key, XSRF, DESIGN §5) hold for every address the router would match:
// percent-encoded letters and digits, doubled slashes, another letter case. The variants are
// built from the route table, so a public route added later is covered too.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, APPLICATION_KEY } from '@vfm/contract';
import { startTestServer, TEST_API_KEY } from '../helpers/server';
import { recordedRoutes } from '../helpers/route-table';
import { createAccount, createFleet, type AccountRow } from '../helpers/factories';

vi.mock('../../src/modules/index', async (original) =>
  (await import('../helpers/route-table')).withRouteRecorder(original as never),
);

const t = await startTestServer();
const publicRoutes = recordedRoutes.filter(
  (route) => route.url.startsWith(API_PREFIX) && route.auth === 'public',
);
let account: AccountRow;
beforeAll(async () => {
  account = await createAccount(t, await createFleet(t));
});
afterAll(() => t.close());

/** Addresses that reach the same route once decoded, or nearly (case, slashes). */
function variants(path: string): string[] {
  const encodeFirst = (text: string, char: string) =>
    text.replace(char, `%${char.charCodeAt(0).toString(16)}`);
  return [
    encodeFirst(path, 'a'),
    encodeFirst(path, '1'),
    path.replace('/api/', '/%2561pi/'),
    path.replace(/\/([a-z-]+)$/, (_all, last: string) => `/${encodeFirst(last, last[0]!)}`),
    `/${path}`,
    path.replace('/rest/', '//rest/'),
    path.replace('/api/', '/API/'),
    path.replace('/wf/', '/Wf/'),
  ];
}

/** a valid sign-in body: what a gate lets through would succeed */
function signInBody(): unknown {
  return { email: account.email, password: account.password, application: APPLICATION_KEY };
}

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method,
        path,
        agent: false,
        headers: payload
          ? {
              ...headers,
              'content-type': 'application/json',
              'content-length': `${payload.length}`,
            }
          : headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, APPLICATION_KEY);

describe('gates on the decoded path', () => {
  it('covers the public routes of the table', () => {
    expect(publicRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        `POST ${API_PREFIX}/auth/login`,
        `POST ${API_PREFIX}/auth/reset-password`,
        `GET ${API_PREFIX}/app-settings`,
      ]),
    );
  });

  it.each<[string, Record<string, string>]>([
    ['without an API key', {}],
    ['with a wrong API key', { 'x-api-key': 'wrong' }],
  ])('refuses every variant %s (401)', async (_, key) => {
    for (const route of publicRoutes) {
      for (const path of variants(concrete(route.url))) {
        const body = route.method === 'GET' ? undefined : signInBody();
        const headers = { ...key, 'x-xsrf-token': 'x', cookie: 'XSRF-TOKEN=x' };
        const res = await send(route.method, path, headers, body);
        expect(res.status, `${route.method} ${path} → ${res.text.slice(0, 200)}`).toBe(401);
      }
    }
  });

  it('refuses every unsafe variant with a key but no XSRF header (403)', async () => {
    for (const route of publicRoutes.filter((r) => r.method !== 'GET')) {
      for (const path of variants(concrete(route.url))) {
        const res = await send(route.method, path, { 'x-api-key': TEST_API_KEY }, signInBody());
        expect(res.status, `${route.method} ${path} → ${res.text.slice(0, 200)}`).toBe(403);
      }
    }
  });

  it('still signs in on an encoded address with the key and the XSRF pair', async () => {
    const res = await send(
      'POST',
      `/%61pi/wf/rest/v1/auth/login`,
      { 'x-api-key': TEST_API_KEY, 'x-xsrf-token': 'x', cookie: 'XSRF-TOKEN=x' },
      signInBody(),
    );
    expect(res.status).toBe(200);
  });
});
