// Account validation (DESIGN §5): POST accounts e-mails a 7-day link to
// /auth/account-validation; POST auth/validation checks it; change-password with it sets the
// first password and makes the account ACTIVE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEY } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { login } from '../helpers/auth';
import { waitForMails } from '../helpers/mail';
import { linkOf } from '../helpers/mime';

let t: TestServer;
let adminToken: string;
beforeAll(async () => {
  t = await startTestServer();
  ({ adminToken } = await createFleetWithUsers(t));
});
afterAll(() => t.close());

let counter = 0;
async function invite(language?: string) {
  const email = `new-${++counter}@example.com`;
  const res = await t
    .api({ token: adminToken, language: 'en' })
    .post('accounts', { email, fullName: 'Nina Neu', ...(language ? { language } : {}) });
  expect(res.status).toBe(201);
  const [mail] = await waitForMails(t, email);
  return {
    email,
    id: res.body.id as string,
    mail: mail!,
    token: linkOf(mail!).searchParams.get('token')!,
  };
}

const validate = (token: string) => t.api().post('auth/validation', { token });
const setFirstPassword = (email: string, token: string) =>
  t.api().post('auth/change-password', {
    email,
    token,
    newPassword: 'F1rst-passw0rd',
    password: '',
    application: APPLICATION_KEY,
  });

describe('account-validation link', () => {
  it('points to PUBLIC_URL/auth/account-validation in the new account language', async () => {
    const { email, mail } = await invite('fr');
    const link = linkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://vfm.test/auth/account-validation');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('lang')).toBe('fr');
    expect(mail.subject).toBe('Activez votre compte VFM');
    expect(mail.text).toContain('7 jours');
  });

  it('defaults to the language of the request that created the account', async () => {
    const { mail } = await invite();
    expect(mail.subject).toBe('Activate your VFM account');
    expect(linkOf(mail).searchParams.get('lang')).toBe('en');
  });
});

describe('POST auth/validation', () => {
  it('answers 204 for a live token without using it up, 400 for anything else', async () => {
    const { token } = await invite();
    expect((await validate(token)).status).toBe(204);
    expect((await validate(token)).status).toBe(204);
    const bad = await validate('made-up-token');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_TOKEN');
  });

  it('answers 400 after 7 days', async () => {
    const { token } = await invite();
    const sevenDays = 7 * 24 * 60 * 60_000 + 1000;
    t.clock.advance(sevenDays);
    try {
      expect((await validate(token)).status).toBe(400);
    } finally {
      t.clock.advance(-sevenDays);
    }
  });

  it('does not accept a reset token', async () => {
    const { email } = await invite();
    const res = await t.api().post('auth/reset-password', {
      email,
      application: APPLICATION_KEY,
      redirectUrl: 'http://vfm.test/auth/change-password',
    });
    expect(res.status).toBe(204);
    const [, reset] = await waitForMails(t, email, 2);
    expect((await validate(linkOf(reset!).searchParams.get('token')!)).status).toBe(400);
  });
});

describe('first password', () => {
  it('sets the password and activates the account; the token is then used up', async () => {
    const { email, id, token } = await invite();
    expect((await login(t, { email, password: 'F1rst-passw0rd' })).status).toBe(403);
    expect((await setFirstPassword(email, token)).status).toBe(204);
    expect((await login(t, { email, password: 'F1rst-passw0rd' })).status).toBe(200);
    expect((await validate(token)).status).toBe(400);
    expect((await setFirstPassword(email, token)).status).toBe(400);
    const account = await t.api({ token: adminToken }).get(`accounts/${id}`);
    expect(account.body.status).toBe('ACTIVE');
    const events = await t.server.database.query<{ name: string }>(
      `SELECT name FROM event WHERE data->>'accountId' = $1 ORDER BY id`,
      [id],
    );
    expect(events.map((e) => e.name)).toEqual(['ACCOUNT_CREATED', 'ACCOUNT_VALIDATED']);
  });

  it('is refused when an administrator already set the password (the link died with it)', async () => {
    const { email, id, token } = await invite();
    const set = await t
      .api({ token: adminToken })
      .put(`accounts/${id}/password`, { password: 'Adm1n-chosen!' });
    expect(set.status).toBe(204);
    expect((await validate(token)).status).toBe(400);
    expect((await setFirstPassword(email, token)).status).toBe(400);
    expect((await login(t, { email, password: 'Adm1n-chosen!' })).status).toBe(200);
  });
});
