// Sign-in throttling (ADR 0003, ADR 0041): per account and address, per account, per address,
// sliding 15-minute window, 429 with Retry-After, never a permanent lock-out of the real owner,
// and attempts counted before the password check, so parallel guesses never pass a limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleet, type AccountRow, type FleetRow } from '../helpers/factories';
import { login } from '../helpers/auth';
import {
  ACCOUNT_FAILURE_LIMIT,
  IP_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  THROTTLE_WINDOW_MS,
} from '../../src/modules/auth/throttle';

let t: TestServer;
let fleet: FleetRow;
let ipCounter = 0;
/** each test its own client address (TRUST_PROXY + X-Forwarded-For), so address limits of one
 *  test do not leak into another */
let ip: string;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  fleet = await createFleet(t);
});
beforeEach(() => {
  ip = `10.0.0.${++ipCounter}`;
});
afterAll(() => t.close());

async function failTimes(account: Pick<AccountRow, 'email' | 'password'>, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await login(t, account, { password: 'Wrong-passw0rd', ip });
    expect(res.status).toBe(403);
  }
}

describe('per account', () => {
  it(`answers 429 with Retry-After after ${PAIR_FAILURE_LIMIT} failures, even with the right password`, async () => {
    const account = await createAccount(t, fleet);
    await failTimes(account, PAIR_FAILURE_LIMIT);
    const res = await login(t, account, { ip });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
  });

  it(`counts ${ACCOUNT_FAILURE_LIMIT} failures per account from any address, and leaves other accounts alone`, async () => {
    const target = await createAccount(t, fleet);
    const bystander = await createAccount(t, fleet);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      ip = `10.1.${i}.1`;
      await failTimes(target, 1);
    }
    ip = '10.1.250.1';
    expect((await login(t, target, { ip })).status).toBe(429);
    expect((await login(t, bystander, { ip })).status).toBe(200);
  });

  it('locks only the guessing address out: the owner signs in from another one', async () => {
    const account = await createAccount(t, fleet);
    await failTimes(account, PAIR_FAILURE_LIMIT);
    expect((await login(t, account, { ip })).status).toBe(429);
    ip = '10.3.0.1';
    expect((await login(t, account, { ip })).status).toBe(200);
  });

  it('never lets parallel guesses past the limit: each is counted before its check', async () => {
    const account = await createAccount(t, fleet);
    const tries = PAIR_FAILURE_LIMIT * 3;
    const answers = await Promise.all(
      Array.from({ length: tries }, () => login(t, account, { password: 'Wrong-passw0rd', ip })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - PAIR_FAILURE_LIMIT);
  });

  it('throttles an unknown e-mail exactly like a real one (no existence oracle)', async () => {
    const ghost = { email: 'ghost@example.com', password: 'x' };
    await failTimes(ghost, PAIR_FAILURE_LIMIT);
    expect((await login(t, ghost, { ip })).status).toBe(429);
  });

  it('is a sliding window: the owner gets back in once the failures are 15 minutes old', async () => {
    const account = await createAccount(t, fleet);
    await failTimes(account, PAIR_FAILURE_LIMIT);
    expect((await login(t, account, { ip })).status).toBe(429);
    t.clock.advance(THROTTLE_WINDOW_MS);
    try {
      expect((await login(t, account, { ip })).status).toBe(200);
    } finally {
      t.clock.advance(-THROTTLE_WINDOW_MS);
    }
  });

  it('does not count refused (429) attempts, so hammering does not extend the lock', async () => {
    const account = await createAccount(t, fleet);
    await failTimes(account, PAIR_FAILURE_LIMIT);
    t.clock.advance(THROTTLE_WINDOW_MS / 2);
    try {
      for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
        const res = await login(t, account, { password: 'Wrong-passw0rd', ip });
        expect(res.status).toBe(429);
      }
      t.clock.advance(THROTTLE_WINDOW_MS / 2);
      expect((await login(t, account, { ip })).status).toBe(200);
    } finally {
      t.clock.advance(-THROTTLE_WINDOW_MS);
    }
  });

  it('forgets the failures once the owner signs in', async () => {
    const account = await createAccount(t, fleet);
    await failTimes(account, PAIR_FAILURE_LIMIT - 1);
    expect((await login(t, account, { ip })).status).toBe(200);
    await failTimes(account, PAIR_FAILURE_LIMIT - 1);
    expect((await login(t, account, { ip })).status).toBe(200);
  });

  it('is cleared by an administrator setting the password', async () => {
    const admin = await createAccount(t, fleet, { admin: true });
    const adminToken = (await login(t, admin, { ip })).body.jwtToken;
    const account = await createAccount(t, fleet);
    await failTimes(account, PAIR_FAILURE_LIMIT);
    const set = await t
      .api({ token: adminToken })
      .put(`accounts/${account.id}/password`, { password: 'N3w-passw0rd' });
    expect(set.status).toBe(204);
    expect((await login(t, { ...account, password: 'N3w-passw0rd' }, { ip })).status).toBe(200);
  });
});

describe('per address', () => {
  it(`answers 429 after ${IP_FAILURE_LIMIT} failures from one address, whatever the accounts`, async () => {
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      await failTimes({ email: `spray-${i}@example.com`, password: 'x' }, 1);
    }
    const victim = await createAccount(t, fleet);
    expect((await login(t, victim, { ip })).status).toBe(429);
    // the same account from another address is fine
    ip = '10.2.0.1';
    expect((await login(t, victim, { ip })).status).toBe(200);
  });

  it('is not cleared by signing in to one own account', async () => {
    const own = await createAccount(t, fleet);
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      await failTimes({ email: `spray2-${i}@example.com`, password: 'x' }, 1);
      if (i === IP_FAILURE_LIMIT - 2) expect((await login(t, own, { ip })).status).toBe(200);
    }
    expect((await login(t, own, { ip })).status).toBe(429);
  });
});
