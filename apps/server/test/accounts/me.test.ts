// GET / PUT accounts/me (DESIGN §5): the caller's own profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers, type AccountRow } from '../helpers/factories';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let manager: AccountRow;
let api: ApiClient;
beforeAll(async () => {
  t = await startTestServer();
  const cast = await createFleetWithUsers(t, 'Demo Nord');
  manager = cast.manager;
  api = t.api({ token: cast.managerToken });
});
afterAll(() => t.close());

const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('accounts/me', () => {
  it('reads the own profile with the fleet', async () => {
    const res = await api.get('accounts/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: manager.id,
      email: manager.email,
      fullName: 'Marc Manager',
      description: '',
      photoVersion: null,
      phone: null,
      roles: ['ROLE_VFM'],
      fleet: { id: manager.fleetId, name: 'Demo Nord' },
    });
  });

  it('updates full name, description and photo, then removes the photo; audited', async () => {
    const res = await api.put('accounts/me', {
      fullName: 'Marc M.',
      description: 'Nuit',
      photo: PHOTO,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullName: 'Marc M.', description: 'Nuit' });
    // the profile names the photo's version, the photo is served on its own (ADR 0079)
    expect(res.body.photoVersion).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body).not.toHaveProperty('photo');
    expect((await api.put('accounts/me', { photo: null })).body.photoVersion).toBeNull();
    const events = await t.server.database.query<{
      name: string;
      user_email: string;
      data: { fields: string[] };
    }>(`SELECT name, user_email, data FROM event WHERE data->>'accountId' = $1 ORDER BY id`, [
      manager.id,
    ]);
    expect(events.map((e) => [e.name, e.user_email, e.data.fields])).toEqual([
      ['ACCOUNT_UPDATED', manager.email, ['fullName', 'description', 'photo']],
      ['ACCOUNT_UPDATED', manager.email, ['photo']],
    ]);
  });

  it('refuses a photo that is not an image data URL, and unknown fields', async () => {
    expect((await api.put('accounts/me', { photo: 'javascript:alert(1)' })).status).toBe(400);
    expect(
      (await api.put('accounts/me', { photo: 'data:image/svg+xml;base64,PHN2Zz4=' })).status,
    ).toBe(400);
    expect((await api.put('accounts/me', { email: 'x@example.com' })).status).toBe(400);
    expect((await api.put('accounts/me', {})).status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.api().get('accounts/me')).status).toBe(401);
  });
});
