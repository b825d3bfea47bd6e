// Sign-in helpers for integration tests: real calls to POST auth/login and friends.
import { APPLICATION_KEY } from '@vfm/contract';
import type { AccountRow } from './factories';
import type { TestServer } from './server';

export async function login(
  t: TestServer,
  account: Pick<AccountRow, 'email' | 'password'>,
  overrides: { password?: string; application?: string; ip?: string } = {},
) {
  return t.api().post(
    'auth/login',
    {
      email: account.email,
      password: overrides.password ?? account.password,
      application: overrides.application ?? APPLICATION_KEY,
    },
    overrides.ip ? { headers: { 'x-forwarded-for': overrides.ip } } : {},
  );
}

/** Signs in and returns the token pair (fails the test if the login is refused). */
export async function loginPair(t: TestServer, account: Pick<AccountRow, 'email' | 'password'>) {
  const res = await login(t, account);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.body as { jwtToken: string; jwtRefreshToken: string };
}
