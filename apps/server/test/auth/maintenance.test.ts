// Housekeeping of the sign-in tables: only rows that no rule reads any more are deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeAuthTables } from '../../src/modules/auth/maintenance';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleet } from '../helpers/factories';
import { login, loginPair } from '../helpers/auth';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const count = async (table: string) =>
  (await t.server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe('purgeAuthTables', () => {
  it('keeps live rows and deletes those past every cut-off', async () => {
    const account = await createAccount(t, await createFleet(t));
    const live = await loginPair(t, account);
    const revoked = await loginPair(t, account);
    await t.api().post('auth/logout', { refreshToken: revoked.jwtRefreshToken });
    await login(t, account, { password: 'Wrong-passw0rd' });
    const now = new Date();

    await purgeAuthTables(t.server.database, now);
    // one wrong password counts for the account, the account and address, and the address
    expect(await count('login_failure')).toBe(3);
    expect(await count('auth_session')).toBe(2);
    expect((await t.api({ token: live.jwtToken }).get('accounts/me')).status).toBe(200);

    await purgeAuthTables(t.server.database, new Date(now.getTime() + 2 * DAY));
    expect(await count('login_failure')).toBe(0);
    expect(await count('auth_session')).toBe(1);
    expect(await count('refresh_token')).toBe(1);

    await purgeAuthTables(t.server.database, new Date(now.getTime() + 32 * DAY));
    expect(await count('auth_session')).toBe(0);
    expect(await count('refresh_token')).toBe(0);
  });
});
