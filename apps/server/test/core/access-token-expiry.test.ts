// Access tokens last 15 minutes (DESIGN §5), measured on the server's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('access token lifetime', () => {
  it('is accepted for 15 minutes and refused after', async () => {
    const { managerToken } = await createFleetWithUsers(t);
    const api = t.api({ token: managerToken });
    expect((await api.get('accounts/me')).status).toBe(200);
    t.clock.advance(14 * 60_000);
    expect((await api.get('accounts/me')).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await api.get('accounts/me');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('TOKEN_INVALID');
  });
});
