// Reset links in a local demo (PUBLIC_URL unset): the loopback aliases of the default origin
// are the same site, whatever the user typed; anything else is refused, with a warning that
// says why. With PUBLIC_URL set, only its origin counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEY } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleet } from '../helpers/factories';
import { waitForMails } from '../helpers/mail';
import { linkOf } from '../helpers/mime';
import {
  allowedRedirectOrigins,
  assertRedirectAllowed,
} from '../../src/modules/auth/password-service';
import type { AppContext } from '../../src/plugins/context';

let t: TestServer;
beforeAll(async () => {
  // PORT 0 in tests: the default origin is http://localhost:3000
  t = await startTestServer({ env: { PUBLIC_URL: '' } });
});
afterAll(() => t.close());

const requestReset = (email: string, redirectUrl: string) =>
  t.api().post('auth/reset-password', { email, application: APPLICATION_KEY, redirectUrl });

describe('reset-password without PUBLIC_URL', () => {
  it.each(['127.0.0.1', '[::1]', 'localhost'])(
    'sends the link to a user who opened the demo at http://%s:3000',
    async (host) => {
      const account = await createAccount(t, await createFleet(t));
      const redirectUrl = `http://${host}:3000/fr/auth/change-password`;
      expect((await requestReset(account.email, redirectUrl)).status).toBe(204);
      const [mail] = await waitForMails(t, account.email);
      const link = linkOf(mail!);
      expect(`${link.origin}${link.pathname}`).toBe(redirectUrl);
    },
  );

  it.each([
    'http://127.0.0.1:4000/fr/auth/change-password',
    'https://127.0.0.1:3000/fr/auth/change-password',
    'http://127.0.0.2:3000/',
    'https://evil.example/',
  ])('refuses %s', async (redirectUrl) => {
    const res = await requestReset('someone@example.com', redirectUrl);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REDIRECT_NOT_ALLOWED');
  });
});

describe('allowed origins', () => {
  it('are PUBLIC_URL’s origin alone when it is set', () => {
    expect(
      allowedRedirectOrigins({ publicUrl: 'http://localhost:3000', publicUrlDefaulted: false }),
    ).toEqual(['http://localhost:3000']);
  });

  it('logs a warning naming the refused origin', () => {
    const warnings: unknown[][] = [];
    const ctx = { config: t.config, database: t.server.database, now: () => new Date() };
    const log = { warn: (...args: unknown[]) => warnings.push(args) };
    expect(() =>
      assertRedirectAllowed(
        { ctx: ctx as unknown as AppContext, log } as never,
        'http://192.168.1.20:3000/x',
      ),
    ).toThrow();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toMatchObject({ redirectOrigin: 'http://192.168.1.20:3000' });
    expect(String(warnings[0]![1])).toMatch(/PUBLIC_URL/);
  });
});
