// POST auth/refresh and auth/logout (DESIGN §5, ADR 0003): rotation, reuse detection that
// revokes the whole family, and access tokens refused as soon as their session ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleet, type AccountRow } from '../helpers/factories';
import { loginPair } from '../helpers/auth';

let t: TestServer;
let account: AccountRow;
beforeAll(async () => {
  t = await startTestServer();
  account = await createAccount(t, await createFleet(t));
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => t.api().post('auth/refresh', { refreshToken });
const me = (token: string) => t.api({ token }).get('accounts/me');

describe('refresh', () => {
  it('rotates: a new pair each time, in the same session, and the old refresh token is dead', async () => {
    const first = await loginPair(t, account);
    const second = await refresh(first.jwtRefreshToken);
    expect(second.status).toBe(200);
    expect(second.body.jwtRefreshToken).not.toBe(first.jwtRefreshToken);
    expect(decodeJwt(second.body.jwtToken).sid).toBe(decodeJwt(first.jwtToken).sid);
    expect((await me(second.body.jwtToken)).status).toBe(200);
    const third = await refresh(second.body.jwtRefreshToken);
    expect(third.status).toBe(200);
  });

  it('treats a replayed refresh token as theft: 401 and the whole family is revoked', async () => {
    const first = await loginPair(t, account);
    const second = (await refresh(first.jwtRefreshToken)).body;
    const replay = await refresh(first.jwtRefreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('REFRESH_TOKEN_INVALID');
    // the legitimate holder's newer tokens die with the family
    expect((await refresh(second.jwtRefreshToken)).status).toBe(401);
    expect((await me(second.jwtToken)).status).toBe(401);
    expect((await me(first.jwtToken)).status).toBe(401);
  });

  it('leaves the other sessions of the account alone', async () => {
    const victim = await loginPair(t, account);
    const other = await loginPair(t, account);
    await refresh(victim.jwtRefreshToken);
    await refresh(victim.jwtRefreshToken);
    expect((await me(other.jwtToken)).status).toBe(200);
    expect((await refresh(other.jwtRefreshToken)).status).toBe(200);
  });

  it('refuses an unknown token and a token past its 30 days', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    const pair = await loginPair(t, account);
    t.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await refresh(pair.jwtRefreshToken)).status).toBe(401);
    } finally {
      t.clock.advance(-(30 * 24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('refuses a malformed body with 400', async () => {
    expect((await t.api().post('auth/refresh', {})).status).toBe(400);
  });
});

describe('logout', () => {
  it('answers 204 and ends the session: refresh and access tokens are refused at once', async () => {
    const pair = await loginPair(t, account);
    expect((await me(pair.jwtToken)).status).toBe(200);
    const res = await t.api().post('auth/logout', { refreshToken: pair.jwtRefreshToken });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await me(pair.jwtToken)).status).toBe(401);
    expect((await refresh(pair.jwtRefreshToken)).status).toBe(401);
  });

  it('revokes the family from a rotated token too', async () => {
    const first = await loginPair(t, account);
    const second = (await refresh(first.jwtRefreshToken)).body;
    expect(
      (await t.api().post('auth/logout', { refreshToken: first.jwtRefreshToken })).status,
    ).toBe(204);
    expect((await me(second.jwtToken)).status).toBe(401);
  });

  it('answers 204 for an unknown token (nothing to end, nothing to tell)', async () => {
    expect((await t.api().post('auth/logout', { refreshToken: 'unknown' })).status).toBe(204);
  });
});
