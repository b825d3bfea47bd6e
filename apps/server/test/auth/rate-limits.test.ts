// Per-address rate limits (ADR 0041, ADR 0078) on every public auth call: past the limit the
// call answers 429 problem+json with Retry-After; another address is not affected. Sign-in,
// change-password and logout are limited before their body is validated (docs/operations.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEY } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { RATE_LIMITS, RATE_LIMIT_WINDOW_MS } from '../../src/plugins/rate-limit';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const CALLS: Array<[string, number, () => unknown]> = [
  [
    'auth/reset-password',
    RATE_LIMITS.resetPassword,
    () => ({
      email: 'someone@example.com',
      application: APPLICATION_KEY,
      redirectUrl: 'http://vfm.test/auth/change-password',
    }),
  ],
  ['auth/refresh', RATE_LIMITS.refresh, () => ({ refreshToken: 'x'.repeat(43) })],
  ['auth/validation', RATE_LIMITS.validation, () => ({ token: 'x'.repeat(43) })],
];

describe.each(CALLS)('POST %s', (route, limit, body) => {
  it(`answers 429 with Retry-After after ${limit} calls a minute from one address`, async () => {
    const ip = `10.9.${limit}.${route.length}`;
    const send = (from: string) =>
      t.api().post(route, body(), { headers: { 'x-forwarded-for': from } });
    for (let i = 0; i < limit; i++) expect((await send(ip)).status).not.toBe(429);
    const res = await send(ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.body.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMIT_WINDOW_MS / 1000);
    expect((await send('10.8.0.1')).status).not.toBe(429);
  });
});

const BEFORE_VALIDATION: Array<[string, number]> = [
  ['auth/login', RATE_LIMITS.login],
  ['auth/change-password', RATE_LIMITS.changePassword],
  ['auth/logout', RATE_LIMITS.logout],
];

describe.each(BEFORE_VALIDATION)('POST %s', (route, limit) => {
  it(`counts even refused bodies: 429 after ${limit} calls a minute`, async () => {
    const ip = `10.7.${limit}.${route.length}`;
    const send = (from: string) =>
      t.api().post(route, { unknown: true }, { headers: { 'x-forwarded-for': from } });
    for (let i = 0; i < limit; i++) expect((await send(ip)).status).toBe(400);
    const res = await send(ip);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send('10.7.0.1')).status).toBe(400);
  });
});
