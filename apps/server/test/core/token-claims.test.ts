// Access-token claims (ADR 0003): a token signed with the right key is still refused without
// `exp` or `iat`, with `iat`/`nbf` in the future beyond the clock skew, or living longer than
// the 15 minutes the server gives.
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { CLOCK_SKEW_SECONDS, TOKEN_ISSUER } from '../../src/lib/access-token';

let t: TestServer;
let claims: Record<string, unknown>;
beforeAll(async () => {
  t = await startTestServer();
  const { managerToken } = await createFleetWithUsers(t);
  claims = decodeJwt(managerToken);
});
afterAll(() => t.close());

/** the manager's claims re-signed with the server's key, with changes (undefined = left out) */
function forge(changes: Record<string, number | undefined>): Promise<string> {
  const payload: Record<string, unknown> = { ...claims, ...changes };
  for (const [name, value] of Object.entries(changes))
    if (value === undefined) delete payload[name];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}

const status = async (token: string) => (await t.api({ token }).get('accounts/me')).status;
const now = () => Math.floor(Date.now() / 1000);

describe('access token claims', () => {
  it('accepts the claims as the server signs them, and a small clock skew', async () => {
    expect(claims.iss).toBe(TOKEN_ISSUER);
    expect(await status(await forge({}))).toBe(200);
    const skew = CLOCK_SKEW_SECONDS - 5;
    expect(await status(await forge({ iat: now() + skew, exp: now() + skew + 600 }))).toBe(200);
    expect(await status(await forge({ nbf: now() + skew }))).toBe(200);
  });

  it.each([
    ['without exp', () => ({ exp: undefined })],
    ['without iat', () => ({ iat: undefined })],
    ['with iat in the future', () => ({ iat: now() + 600, exp: now() + 900 })],
    ['with nbf in the future', () => ({ nbf: now() + 600 })],
    ['living longer than 15 minutes', () => ({ iat: now(), exp: now() + 86_400 })],
  ])('refuses a signed token %s (401)', async (_label, changes) => {
    const res = await t.api({ token: await forge(changes()) }).get('accounts/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_INVALID');
  });
});
