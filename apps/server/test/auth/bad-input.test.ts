// No input ever makes a 500 (DESIGN §5: bad input is a 400 problem): garbage sent to every auth, settings and
// accounts call is a 4xx problem+json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';

let t: TestServer;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await startTestServer();
  const cast = await createFleetWithUsers(t);
  adminToken = cast.adminToken;
  adminId = cast.admin.id;
});
afterAll(() => t.close());

const BODIES: unknown[] = [
  {},
  [],
  'text',
  42,
  { email: 'a'.repeat(5000) + '@x.io', password: 'p', application: 'VFM' },
  { email: 'a@b.co', password: { $ne: '' }, application: 'VFM' },
  { refreshToken: 'x'.repeat(600) },
  { token: null },
  { email: 'a@b.co', newPassword: 'Passw0rd!x', application: 'VFM', token: '\u0000' },
  { fullName: 'x'.repeat(300), photo: 'data:image/png;base64,@@@' },
  { applicationName: 'VFM', distanceUnit: 'KM', language: 'fr', extra: true },
  { password: 'Passw0rd!x'.repeat(40) },
  // PostgreSQL text cannot hold NUL: refused as input, never a database error
  { fullName: 'nul\u0000byte' },
  { fullName: 'nul\u0000byte', email: 'nul@example.com' },
  { description: 'nul\u0000byte' },
];

const CALLS: Array<[string, string]> = [
  ['POST', 'auth/login'],
  ['POST', 'auth/refresh'],
  ['POST', 'auth/logout'],
  ['POST', 'auth/validation'],
  ['POST', 'auth/reset-password'],
  ['POST', 'auth/change-password'],
  ['PUT', 'users/%ID%/settings'],
  ['PUT', 'accounts/me'],
  ['POST', 'accounts'],
  ['PUT', 'accounts/%ID%'],
  ['PUT', 'accounts/%ID%/password'],
];

describe('garbage in, 4xx out', () => {
  it.each(CALLS)('%s %s', async (method, path) => {
    const api = t.api({ token: adminToken });
    for (const body of BODIES) {
      const res = await api.request(method, path.replace('%ID%', adminId), { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
  });

  it('odd path and query values are 4xx too', async () => {
    const api = t.api({ token: adminToken });
    const paths = [
      'accounts/%00',
      `accounts/${'9'.repeat(70)}`,
      'accounts/00000000-0000-0000-0000-00000000000g',
      'users/%27%3B--/settings',
      'application/settings/%F0%9F%9A%B2',
      'application/settings/%00',
    ];
    for (const path of paths) {
      const res = await api.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const query = await api.delete('accounts', {
      query: { ids: ['', ',', "'; DROP TABLE account;--"] },
    });
    expect(query.status).toBeLessThan(500);
    expect((await api.get('users/x/settings', { query: { applicationName: '' } })).status).toBe(
      400,
    );
  });
});
