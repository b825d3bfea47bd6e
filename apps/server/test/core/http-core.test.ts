// The rules every API call obeys: api key, XSRF double submit, problem+json, security
// headers, body limit, unknown routes, page redirects, app info, health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, XSRF_COOKIE } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers liveness and readiness with the database checked', async () => {
    expect((await t.api().get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await t.api().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.database).toBe(true);
  });
});

describe('app-info.json', () => {
  it('serves the application info of SPEC §3 without any key', async () => {
    const res = await t.api({ apiKey: null, xsrf: null }).get('/app-info.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: 'VFM',
      version: '2.17.0-rc.1',
      xapikey: 'test-api-key',
      settingsUrl: `${API_PREFIX}/users/{userId}/settings`,
      routeOnLoginSuccessForUser: 'fleet',
      routeOnLoginSuccessForAdmin: 'fleet',
    });
    // SPEC §3: the eleven languages, French first
    expect(res.body.languages.join(' ')).toBe('fr en de es it nl zh cs pt pl fi');
  });
});

describe('x-api-key', () => {
  it('refuses an API call without the key with a 401 problem', async () => {
    const res = await t.api({ apiKey: null }).get('app-settings');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 401, code: 'API_KEY_MISSING' });
  });

  it('refuses a wrong key', async () => {
    const res = await t.api({ apiKey: 'not-the-key' }).get('app-settings');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('API_KEY_INVALID');
  });

  it('accepts a key created in the database (admin CLI), and no longer once revoked', async () => {
    const { sha256 } = await import('../../src/lib/crypto');
    const key = 'db-created-key-123';
    expect((await t.api({ apiKey: key }).get('app-settings')).status).toBe(401);
    await t.server.database.query('INSERT INTO api_key (name, key_hash) VALUES ($1, $2)', [
      'integration',
      sha256(key),
    ]);
    await t.server.app.reloadApiKeys();
    expect((await t.api({ apiKey: key }).get('/api/wf/rest/v1/no-route')).status).toBe(404);
    await t.server.database.query('UPDATE api_key SET revoked_at = now()');
    await t.server.app.reloadApiKeys();
    expect((await t.api({ apiKey: key }).get('/api/wf/rest/v1/no-route')).status).toBe(401);
  });
});

describe('XSRF double submit', () => {
  it('sets a readable SameSite=Strict XSRF-TOKEN cookie', async () => {
    const res = await t.api({ xsrf: null }).get('/healthz');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${XSRF_COOKIE}=`);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses a POST without the header (403) and one whose header differs from the cookie', async () => {
    const none = await t.api({ xsrf: null }).post('auth/login', {});
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('XSRF_TOKEN_MISMATCH');
    const mismatch = await t.api().post('auth/login', {}, { headers: { 'x-xsrf-token': 'other' } });
    expect(mismatch.status).toBe(403);
  });
});

describe('errors', () => {
  it('answers unknown API routes with a 404 problem', async () => {
    const res = await t.api().get('no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.api().request('POST', 'auth/login', {
      raw: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
      contentType: 'application/json',
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('answers malformed JSON with a 400 problem, never a 500', async () => {
    const res = await t
      .api()
      .request('POST', 'auth/login', { raw: '{"email":', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy and the usual hardening headers', async () => {
    const res = await t.api().get('/healthz');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('page addresses', () => {
  it('redirects / to /fr/', async () => {
    const res = await t.api().get('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/fr/');
  });

  it('redirects a path without a language prefix to /fr/ + path, keeping the query', async () => {
    const res = await t.api().get('/auth/change-password?email=a%40b.co&token=xyz');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/fr/auth/change-password?email=a%40b.co&token=xyz');
  });

  it('follows the lang parameter of e-mail links', async () => {
    const res = await t.api().get('/auth/change-password?token=xyz&lang=de');
    expect(res.headers.get('location')).toBe('/de/auth/change-password?token=xyz&lang=de');
  });

  it('does not redirect pages under a supported language', async () => {
    const res = await t.api().get('/en/fleet');
    expect(res.status).not.toBe(302);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.api().get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
  });
});
