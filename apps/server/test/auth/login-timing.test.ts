// No account enumeration by timing (ADR 0003, 0041): every refused sign-in runs exactly one
// argon2 verification — against the decoy hash when the e-mail is unknown or has no password
// yet. The real verifyPassword is wrapped to count its calls, not replaced.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as password from '../../src/lib/password';
import type { TestServer } from '../helpers/server';
import { createAccount, createFleet, type FleetRow, oneFleet } from '../helpers/factories';
import { login } from '../helpers/auth';

vi.mock('../../src/lib/password', async (importOriginal) => {
  const original = await importOriginal<typeof password>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const verify = vi.mocked(password.verifyPassword);

let t: TestServer, fleet: FleetRow;
beforeAll(async () => ({ t, cast: fleet } = await oneFleet(createFleet)));
afterAll(() => t.close());
beforeEach(() => verify.mockClear());

describe('one argon2 verification per sign-in attempt', () => {
  it('for an unknown e-mail, against the decoy hash', async () => {
    const decoy = await password.decoyHash();
    expect((await login(t, { email: 'nobody@example.com', password: 'Passw0rd!x' })).status).toBe(
      403,
    );
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toBe(decoy);
  });

  it('for a pending account without a password, against the decoy hash', async () => {
    const pending = await createAccount(t, fleet, { status: 'PENDING' });
    expect((await login(t, pending)).status).toBe(403);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toBe(await password.decoyHash());
  });

  it('for a wrong password, an account without the role, and a success', async () => {
    const account = await createAccount(t, fleet);
    const outsider = await createAccount(t, fleet, { roles: [] });
    expect((await login(t, account, { password: 'Wrong-passw0rd' })).status).toBe(403);
    expect((await login(t, outsider)).status).toBe(403);
    expect((await login(t, account)).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(3);
  });
});
