// POST auth/login (DESIGN §5 "Auth"): tokens and claims; one 403 body for every kind of wrong
// credentials; the per-request session check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ROLE_ADMIN, ROLE_USER } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleet, type AccountRow, type FleetRow } from '../helpers/factories';
import { login } from '../helpers/auth';

let t: TestServer;
let fleet: FleetRow;
let manager: AccountRow;
let admin: AccountRow;
beforeAll(async () => {
  t = await startTestServer();
  fleet = await createFleet(t);
  manager = await createAccount(t, fleet, { fullName: 'Marc Manager' });
  admin = await createAccount(t, fleet, { admin: true });
});
afterAll(() => t.close());

describe('successful sign-in', () => {
  it('answers both tokens with the claims SPEC §3 names', async () => {
    const res = await login(t, admin);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['jwtRefreshToken', 'jwtToken']);
    const claims = decodeJwt(res.body.jwtToken);
    expect(claims).toMatchObject({
      ID: admin.id,
      sub: admin.email,
      ROLES: [ROLE_USER, ROLE_ADMIN],
      fleet: fleet.id,
      iss: 'vfm',
      aud: 'VFM',
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(res.body.jwtRefreshToken.length).toBeGreaterThanOrEqual(43);
  });

  it('stores only the hash of the refresh token and records the sign-in', async () => {
    const res = await login(t, manager);
    const rows = await t.server.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM refresh_token',
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(res.body.jwtRefreshToken);
    const [account] = await t.server.database.query<{ last_login_at: Date | null }>(
      'SELECT last_login_at FROM account WHERE id = $1',
      [manager.id],
    );
    expect(account!.last_login_at).toBeInstanceOf(Date);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await login(t, { ...manager, email: manager.email.replace('user', 'USER') });
    expect(res.status).toBe(200);
  });

  it('gives an access token that works on a signed-in call', async () => {
    const { body } = await login(t, manager);
    const me = await t.api({ token: body.jwtToken }).get('accounts/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: manager.id, fullName: 'Marc Manager' });
  });
});

describe('refused sign-in: one answer for every reason', () => {
  let reference: { status: number; text: string };
  beforeAll(async () => {
    const res = await login(t, manager, { password: 'Wrong-passw0rd' });
    reference = { status: res.status, text: res.text };
  });

  it('answers 403 INVALID_CREDENTIALS for a wrong password', () => {
    expect(reference.status).toBe(403);
    expect(JSON.parse(reference.text)).toMatchObject({ status: 403, code: 'INVALID_CREDENTIALS' });
  });

  it('answers the very same body for an unknown e-mail', async () => {
    const res = await login(t, { email: 'nobody@example.com', password: manager.password });
    expect(res.status).toBe(403);
    expect(res.text).toBe(reference.text);
  });

  it('answers the very same body for an account without the application role', async () => {
    const outsider = await createAccount(t, fleet, { roles: ['ROLE_OTHER'] });
    const res = await login(t, outsider);
    expect(res.status).toBe(403);
    expect(res.text).toBe(reference.text);
  });

  it('answers the very same body for another application', async () => {
    const res = await login(t, manager, { application: 'OTHER' });
    expect(res.status).toBe(403);
    expect(res.text).toBe(reference.text);
  });

  it('answers the very same body for a pending (not yet validated) account', async () => {
    const pending = await createAccount(t, fleet, { status: 'PENDING' });
    const res = await login(t, pending);
    expect(res.status).toBe(403);
    expect(res.text).toBe(reference.text);
  });

  it('refuses malformed input with a 400 naming the fields, never a 500', async () => {
    const res = await t.api().post('auth/login', { email: 'not-an-email', application: 'VFM' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'password',
    ]);
    const extra = await t
      .api()
      .post('auth/login', { email: manager.email, password: 'x', application: 'VFM', x: 1 });
    expect(extra.status).toBe(400);
  });
});
