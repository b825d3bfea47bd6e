// Answers that carry tokens or personal data are never stored by a browser or a proxy:
// Cache-Control: no-store on login, refresh, accounts/me, accounts and the CSV exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import { login, loginPair } from '../helpers/auth';

let t: TestServer, cast: FleetCast;
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithUsers)));
afterAll(() => t.close());

describe('Cache-Control: no-store', () => {
  it('on sign-in and refresh (tokens)', async () => {
    const signIn = await login(t, cast.manager);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const pair = await loginPair(t, cast.manager);
    const refresh = await t.api().post('auth/refresh', { refreshToken: pair.jwtRefreshToken });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['accounts/me', 'accounts', 'fleet/list/csv', 'fleet/vehicles/csv'])(
    'on GET %s (personal data)',
    async (route) => {
      const res = await t.api({ token: cast.adminToken }).get(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('on a refused sign-in too', async () => {
    const res = await login(t, cast.manager, { password: 'Wrong-passw0rd' });
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
