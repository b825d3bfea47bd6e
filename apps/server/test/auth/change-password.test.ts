// POST auth/change-password without a token (SPEC §7 lists it as public): the correct current
// password is the proof, a Bearer when sent must be the same account's, throttled like a
// sign-in, and every session of the account ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEY } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import {
  createAccount,
  createFleet,
  tokenFor,
  type AccountRow,
  type FleetRow,
  oneFleet,
} from '../helpers/factories';
import { login, loginPair } from '../helpers/auth';
import { PAIR_FAILURE_LIMIT } from '../../src/modules/auth/throttle';

let t: TestServer, fleet: FleetRow;
beforeAll(async () => ({ t, cast: fleet } = await oneFleet(createFleet)));
afterAll(() => t.close());

const NEW = 'Br4nd-new!pw';
const change = (account: AccountRow, body: Record<string, unknown> = {}, token?: string) =>
  t.api({ token: token ?? null }).post('auth/change-password', {
    email: account.email,
    password: account.password,
    newPassword: NEW,
    application: APPLICATION_KEY,
    ...body,
  });

describe('with the current password', () => {
  it('answers 204 with no Bearer, and the old sessions end at once', async () => {
    const account = await createAccount(t, fleet);
    const session = await loginPair(t, account);
    expect((await change(account)).status).toBe(204);
    expect((await t.api({ token: session.jwtToken }).get('accounts/me')).status).toBe(401);
    expect((await login(t, { ...account, password: NEW })).status).toBe(200);
    const [event] = await t.server.database.query<{ name: string }>(
      `SELECT name FROM event WHERE data->>'accountId' = $1`,
      [account.id],
    );
    expect(event!.name).toBe('ACCOUNT_PASSWORD_CHANGED');
  });

  it('accepts a Bearer of the same account', async () => {
    const account = await createAccount(t, fleet);
    expect((await change(account, {}, await tokenFor(t, account))).status).toBe(204);
  });

  it('refuses a Bearer of another account (403) and an invalid Bearer (401)', async () => {
    const account = await createAccount(t, fleet);
    const other = await createAccount(t, fleet);
    const mismatch = await change(account, {}, await tokenFor(t, other));
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.code).toBe('EMAIL_MISMATCH');
    expect((await change(account, {}, 'not-a-jwt')).status).toBe(401);
    expect((await login(t, account)).status).toBe(200);
  });

  it('answers 403 with the sign-in body for a wrong current password or unknown e-mail', async () => {
    const account = await createAccount(t, fleet);
    const wrong = await change(account, { password: 'Wrong-passw0rd' });
    const unknown = await change({ ...account, email: 'nobody@example.com' });
    const signIn = await login(t, account, { password: 'Wrong-passw0rd' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.text).toBe(wrong.text);
    // the same problem as a refused sign-in (only `instance`, the path, differs)
    expect({ ...signIn.body, instance: null }).toEqual({ ...wrong.body, instance: null });
  });

  it('requires the current password when there is no token (400)', async () => {
    const account = await createAccount(t, fleet);
    const res = await change(account, { password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'password', message: 'is required' }]);
  });

  it('answers 406 when the new password equals the current one', async () => {
    const account = await createAccount(t, fleet);
    const res = await change(account, { newPassword: account.password });
    expect(res.status).toBe(406);
    expect(res.body.detail).toBe('Your new password must be different from the previous one.');
  });

  it('enforces the password policy (400) before anything else', async () => {
    const account = await createAccount(t, fleet);
    const res = await change(account, { newPassword: 'NoDigits!!' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'newPassword', message: 'must contain a digit' }]);
  });

  it('is throttled like a sign-in: guesses of the current password end in 429', async () => {
    const account = await createAccount(t, fleet);
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
      expect((await change(account, { password: `Wrong-passw0rd${i}` })).status).toBe(403);
    }
    const res = await change(account);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await login(t, account)).status).toBe(429);
  });
});
