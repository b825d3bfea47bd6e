// POST auth/reset-password then auth/change-password with the e-mailed token (DESIGN §5,
// SPEC §2): same answer whatever the e-mail, allowed redirect origin only, localized e-mail
// with a 15-minute single-use link, sessions ended by the new password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEY } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleet, type FleetRow } from '../helpers/factories';
import { login, loginPair } from '../helpers/auth';
import { mailsTo, waitForMails } from '../helpers/mail';
import { linkOf } from '../helpers/mime';
import { eventually } from '../helpers/eventually';
import { RESET_MAILS_PER_HOUR } from '../../src/modules/auth/password-service';

let t: TestServer;
let fleet: FleetRow;
const redirectUrl = 'http://vfm.test/auth/change-password';
beforeAll(async () => {
  t = await startTestServer();
  fleet = await createFleet(t);
});
afterAll(() => t.close());

const requestReset = (email: string, overrides: Record<string, unknown> = {}) =>
  t.api().post('auth/reset-password', {
    email,
    application: APPLICATION_KEY,
    redirectUrl,
    ...overrides,
  });

const changePassword = (body: Record<string, unknown>) =>
  t.api().post('auth/change-password', { application: APPLICATION_KEY, ...body });

/** Requests a reset and returns the token of the e-mail it produced. */
async function resetToken(email: string, nth = 1) {
  expect((await requestReset(email)).status).toBe(204);
  const mails = await waitForMails(t, email, nth);
  return linkOf(mails[nth - 1]!).searchParams.get('token')!;
}

describe('reset-password request', () => {
  it('answers 204 with no body whether or not the e-mail exists', async () => {
    const account = await createAccount(t, fleet);
    const known = await requestReset(account.email);
    const unknown = await requestReset('nobody@example.com');
    expect([known.status, unknown.status]).toEqual([204, 204]);
    expect(known.text).toBe(unknown.text);
    await waitForMails(t, account.email);
    expect(await mailsTo(t, 'nobody@example.com')).toEqual([]);
  });

  it('refuses a redirectUrl outside PUBLIC_URL with a 400 naming the field', async () => {
    for (const bad of [
      'https://evil.example/auth/change-password',
      'http://vfm.test.evil.example/',
      'not a url',
    ]) {
      const res = await requestReset('a@example.com', { redirectUrl: bad });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'redirectUrl', message: 'is not on an allowed origin' },
      ]);
    }
  });

  it('e-mails a link in the recipient language, valid 15 minutes, HTML and text', async () => {
    const account = await createAccount(t, fleet, {
      language: 'de',
      fullName: 'Dora <b>Daten</b>',
    });
    // the request language is French; the account's stored language wins
    expect(
      (
        await t.api({ language: 'fr' }).post('auth/reset-password', {
          email: account.email,
          application: APPLICATION_KEY,
          redirectUrl,
        })
      ).status,
    ).toBe(204);
    const [mail] = await waitForMails(t, account.email);
    expect(mail!.subject).toBe('Ihr VFM-Passwort zurücksetzen');
    expect(mail!.text).toContain('15 Minuten');
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.html).toContain('Dora &lt;b&gt;Daten&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>Daten</b>');
    const link = linkOf(mail!);
    expect(`${link.origin}${link.pathname}`).toBe(redirectUrl);
    expect(link.searchParams.get('email')).toBe(account.email);
    expect(link.searchParams.get('lang')).toBe('de');
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits
    expect(mail!.html).toContain(link.toString().replace(/&/g, '&amp;'));
  });

  it('stores only the hash of the token', async () => {
    const account = await createAccount(t, fleet);
    const token = await resetToken(account.email);
    const rows = await t.server.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM one_time_token',
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('sends nothing for an account without the application role', async () => {
    const outsider = await createAccount(t, fleet, { roles: [] });
    const witness = await createAccount(t, fleet);
    await requestReset(outsider.email);
    await requestReset(witness.email);
    await waitForMails(t, witness.email);
    expect(await mailsTo(t, outsider.email)).toEqual([]);
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} e-mails an hour to one address, still answering 204`, async () => {
    const account = await createAccount(t, fleet);
    for (let i = 1; i <= RESET_MAILS_PER_HOUR; i++) await resetToken(account.email, i);
    expect((await requestReset(account.email)).status).toBe(204);
    const witness = await createAccount(t, fleet);
    await requestReset(witness.email);
    await waitForMails(t, witness.email);
    expect(await mailsTo(t, account.email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});

describe('change-password with a reset token', () => {
  it('sets the password, ends every session at once, and the token is single use', async () => {
    const account = await createAccount(t, fleet);
    const session = await loginPair(t, account);
    const token = await resetToken(account.email);
    const body = { email: account.email, token, newPassword: 'Br4nd-new!pw', password: '' };
    expect((await changePassword(body)).status).toBe(204);
    expect((await t.api({ token: session.jwtToken }).get('accounts/me')).status).toBe(401);
    expect(
      (await t.api().post('auth/refresh', { refreshToken: session.jwtRefreshToken })).status,
    ).toBe(401);
    expect((await login(t, account)).status).toBe(403);
    expect((await login(t, { ...account, password: 'Br4nd-new!pw' })).status).toBe(200);
    const again = await changePassword({ ...body, newPassword: 'An0ther-pw!' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a token older than 15 minutes', async () => {
    const account = await createAccount(t, fleet);
    const token = await resetToken(account.email);
    t.clock.advance(15 * 60_000 + 1000);
    try {
      const res = await changePassword({
        email: account.email,
        token,
        newPassword: 'Br4nd-new!pw',
      });
      expect(res.status).toBe(400);
    } finally {
      t.clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it('kills an older unused link when a newer one is sent', async () => {
    const account = await createAccount(t, fleet);
    const older = await resetToken(account.email, 1);
    const newer = await resetToken(account.email, 2);
    expect(newer).not.toBe(older);
    const body = { email: account.email, newPassword: 'Br4nd-new!pw' };
    expect((await changePassword({ ...body, token: older })).status).toBe(400);
    expect((await changePassword({ ...body, token: newer })).status).toBe(204);
  });

  it('refuses a token presented with another e-mail, and a made-up token', async () => {
    const account = await createAccount(t, fleet);
    const other = await createAccount(t, fleet);
    const token = await resetToken(account.email);
    const newPassword = 'Br4nd-new!pw';
    expect((await changePassword({ email: other.email, token, newPassword })).status).toBe(400);
    expect(
      (await changePassword({ email: account.email, token: 'made-up', newPassword })).status,
    ).toBe(400);
    expect((await changePassword({ email: account.email, token, newPassword })).status).toBe(204);
  });

  it('answers 406 when the new password is the current one', async () => {
    const account = await createAccount(t, fleet);
    const token = await resetToken(account.email);
    const res = await changePassword({
      email: account.email,
      token,
      newPassword: account.password,
    });
    expect(res.status).toBe(406);
    expect(res.body.code).toBe('SAME_PASSWORD');
  });

  it('enforces the SPEC §5 policy with field errors', async () => {
    const account = await createAccount(t, fleet);
    const token = await resetToken(account.email);
    const res = await changePassword({ email: account.email, token, newPassword: 'weakpass' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PASSWORD_POLICY');
    expect(res.body.errors).toEqual([
      { field: 'newPassword', message: 'must contain a capital letter' },
      { field: 'newPassword', message: 'must contain a digit' },
      expect.objectContaining({ field: 'newPassword' }),
    ]);
  });

  it('lets the owner back in after a lock-out: a reset clears the failed sign-ins', async () => {
    const account = await createAccount(t, fleet);
    for (let i = 0; i < 10; i++) await login(t, account, { password: 'Wrong-passw0rd' });
    expect((await login(t, account)).status).toBe(429);
    const token = await resetToken(account.email);
    expect(
      (await changePassword({ email: account.email, token, newPassword: 'Br4nd-new!pw' })).status,
    ).toBe(204);
    expect((await login(t, { ...account, password: 'Br4nd-new!pw' })).status).toBe(200);
  });

  it('activates a pending account (the link proves the address, like a validation link)', async () => {
    const pending = await createAccount(t, fleet, { status: 'PENDING' });
    const token = await resetToken(pending.email);
    expect(
      (await changePassword({ email: pending.email, token, newPassword: 'Br4nd-new!pw' })).status,
    ).toBe(204);
    expect((await login(t, { ...pending, password: 'Br4nd-new!pw' })).status).toBe(200);
  });

  it('writes the reset to the audit trail', async () => {
    const account = await createAccount(t, fleet);
    const token = await resetToken(account.email);
    await changePassword({ email: account.email, token, newPassword: 'Br4nd-new!pw' });
    const events = await eventually(async () => {
      const rows = await t.server.database.query<{ name: string; user_email: string }>(
        `SELECT name, user_email FROM event WHERE data->>'accountId' = $1`,
        [account.id],
      );
      return rows.length ? rows : null;
    });
    expect(events).toEqual([{ name: 'ACCOUNT_PASSWORD_RESET', user_email: account.email }]);
  });
});
