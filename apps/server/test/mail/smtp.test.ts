// The SMTP path (DESIGN §2 SMTP_URL) against a real SMTP server: account e-mails arrive with their
// language and link; a broken mail server never changes the answer of reset-password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEY } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleetWithUsers, type FleetRow } from '../helpers/factories';
import { deadSmtpUrl, startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { eventually } from '../helpers/eventually';
import { linkOf } from '../helpers/mime';

const reset = (t: TestServer, email: string) =>
  t.api().post('auth/reset-password', {
    email,
    application: APPLICATION_KEY,
    redirectUrl: 'http://vfm.test/auth/change-password',
  });

describe('with a working SMTP server', () => {
  let smtp: TestSmtp;
  let t: TestServer;
  let fleet: FleetRow;
  let adminToken: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'VFM <fleet@vfm.test>' } });
    ({ fleet, adminToken } = await createFleetWithUsers(t));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const receivedBy = (email: string) =>
    eventually(() => smtp.received.find((mail) => mail.envelopeTo.includes(email)), {
      what: `an e-mail to ${email}`,
    });

  it('delivers the reset e-mail in the recipient language with its link', async () => {
    const account = await createAccount(t, fleet, { language: 'fr', fullName: 'Fanny Flotte' });
    expect(
      (
        await t.api({ language: 'de' }).post('auth/reset-password', {
          email: account.email,
          application: APPLICATION_KEY,
          redirectUrl: 'http://vfm.test/auth/change-password',
        })
      ).status,
    ).toBe(204);
    const mail = await receivedBy(account.email);
    expect(mail.headers.from).toContain('fleet@vfm.test');
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe VFM');
    expect(mail.text).toContain('Bonjour Fanny Flotte,');
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain('<html lang="fr">');
    const link = linkOf(mail);
    expect(link.searchParams.get('lang')).toBe('fr');
    const token = link.searchParams.get('token')!;
    const changed = await t.api().post('auth/change-password', {
      email: account.email,
      token,
      newPassword: 'Sm7p-flow!ok',
      application: APPLICATION_KEY,
    });
    expect(changed.status).toBe(204);
  });

  it('delivers the account-validation e-mail in the new account language', async () => {
    const email = 'neu@example.com';
    const res = await t
      .api({ token: adminToken })
      .post('accounts', { email, fullName: 'Nora Neu', language: 'de' });
    expect(res.status).toBe(201);
    const mail = await receivedBy(email);
    expect(mail.subject).toBe('Aktivieren Sie Ihr VFM-Konto');
    expect(mail.text).toContain('7 Tage');
    expect(linkOf(mail).pathname).toBe('/auth/account-validation');
  });
});

describe('with a broken SMTP server', () => {
  let t: TestServer;
  let fleet: FleetRow;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestServer({ env: { SMTP_URL: await deadSmtpUrl() } });
    ({ fleet, adminToken } = await createFleetWithUsers(t));
  });
  afterAll(() => t.close());

  it('still answers reset-password 204, exactly as for an unknown e-mail', async () => {
    const account = await createAccount(t, fleet);
    const known = await reset(t, account.email);
    const unknown = await reset(t, 'nobody@example.com');
    expect(known.status).toBe(204);
    expect(known.text).toBe(unknown.text);
    // the failed delivery left the server healthy
    expect((await t.api().get('/readyz')).status).toBe(200);
  });

  it('still creates the account (an administrator can set its password)', async () => {
    const res = await t
      .api({ token: adminToken })
      .post('accounts', { email: 'lost-mail@example.com', fullName: 'Lou Lost' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('PENDING');
  });
});
