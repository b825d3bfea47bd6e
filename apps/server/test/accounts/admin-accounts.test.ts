// accounts/* for administrators (DESIGN §5, SPEC §6): own fleet only, another fleet's
// account is a 404, a manager gets 403, an admin cannot delete or demote itself, all or
// nothing bulk delete, and an audit event for every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  createAccount,
  createFleetWithUsers,
  type AccountRow,
  type FleetRow,
} from '../helpers/factories';
import { login, loginPair } from '../helpers/auth';
import type { ApiClient } from '../helpers/api-client';
import type { Account } from '@vfm/contract';

let t: TestServer;
let fleet: FleetRow;
let admin: AccountRow;
let manager: AccountRow;
let adminApi: ApiClient;
let managerApi: ApiClient;
let foreign: AccountRow;
beforeAll(async () => {
  t = await startTestServer();
  const cast = await createFleetWithUsers(t, 'Lyon');
  ({ fleet, admin, manager } = cast);
  adminApi = t.api({ token: cast.adminToken });
  managerApi = t.api({ token: cast.managerToken });
  foreign = (await createFleetWithUsers(t, 'Paris')).manager;
});
afterAll(() => t.close());

async function auditOf(accountId: string) {
  return t.server.database.query<{
    name: string;
    user_email: string;
    type: string;
    source: string;
    bike_id: null;
    fleet_id: string;
  }>(
    `SELECT name, user_email, type, source, bike_id, fleet_id FROM event
      WHERE data->>'accountId' = $1 ORDER BY id`,
    [accountId],
  );
}

describe('access', () => {
  it('gives a manager 403 on every admin call', async () => {
    const id = manager.id;
    const calls = [
      managerApi.get('accounts'),
      managerApi.post('accounts', { email: 'x@example.com', fullName: 'X' }),
      managerApi.get(`accounts/${id}`),
      managerApi.put(`accounts/${id}`, { fullName: 'X' }),
      managerApi.delete(`accounts/${id}`),
      managerApi.delete('accounts', { query: { ids: [id] } }),
      managerApi.put(`accounts/${id}/password`, { password: 'Passw0rd!y' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ADMIN_ONLY');
    }
  });

  it('treats an account of another fleet as nonexistent (404), on every call', async () => {
    const id = foreign.id;
    const calls = [
      adminApi.get(`accounts/${id}`),
      adminApi.put(`accounts/${id}`, { fullName: 'Hijacked' }),
      adminApi.delete(`accounts/${id}`),
      adminApi.put(`accounts/${id}/password`, { password: 'Hij4cked!pw' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await login(t, foreign)).status).toBe(200);
  });

  it('answers 404, not 500, for an id that is not a UUID', async () => {
    expect((await adminApi.get('accounts/12345')).status).toBe(404);
  });
});

describe('list and read', () => {
  it('lists the accounts of the own fleet only', async () => {
    const res = await adminApi.get('accounts');
    expect(res.status).toBe(200);
    const ids = res.body.content.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, manager.id]));
    expect(ids).not.toContain(foreign.id);
    expect(res.body).toMatchObject({ totalElements: ids.length, page: 0, size: 50 });
  });

  it('pages the list by full name, then e-mail (docs/operations.md)', async () => {
    const own = await createFleetWithUsers(t, 'Paged');
    for (const name of ['Zoé', 'Bruno', 'anna', 'Bruno']) {
      await createAccount(t, own.fleet, { fullName: name });
    }
    const api = t.api({ token: own.adminToken });
    const pages = await Promise.all(
      [0, 1, 2].map((page) => api.get(`accounts?page=${page}&size=2`)),
    );
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ totalElements: 6, size: 2 });
    }
    const names = pages.flatMap((page) => page.body.content.map((a: Account) => a.fullName));
    expect(names).toEqual(['Alice Admin', 'anna', 'Bruno', 'Bruno', 'Marc Manager', 'Zoé']);
    expect(pages[2]!.body.page).toBe(2);
    const found = await api.get('accounts', { query: { q: 'BRU' } });
    expect(found.body.totalElements).toBe(2);
    expect(found.body.content.map((a: Account) => a.fullName)).toEqual(['Bruno', 'Bruno']);
    // LIKE wildcards are plain characters
    expect((await api.get('accounts', { query: { q: '%' } })).body.totalElements).toBe(0);
    const byRole = await api.get('accounts', { query: { sort: 'role,asc', size: 1 } });
    expect(byRole.body.content[0].id).toBe(own.admin.id);
    const byName = await api.get('accounts', { query: { sort: 'name,desc', size: 1 } });
    expect(byName.body.content[0].fullName).toBe('Zoé');
    expect((await api.get('accounts', { query: { sort: 'password,asc' } })).status).toBe(400);
    expect((await api.get('accounts?size=1001')).status).toBe(400);
    expect((await api.get('accounts?page=-1')).status).toBe(400);
  });

  it('reads one account in the contract shape', async () => {
    const res = await adminApi.get(`accounts/${manager.id}`);
    expect(res.body).toMatchObject({
      id: manager.id,
      email: manager.email,
      fullName: 'Marc Manager',
      admin: false,
      status: 'ACTIVE',
      roles: ['ROLE_VFM'],
      photoVersion: null,
    });
    expect(res.body).not.toHaveProperty('passwordHash');
  });
});

describe('create', () => {
  it('creates a PENDING account, audited with the admin e-mail', async () => {
    const res = await adminApi.post('accounts', {
      email: 'Chloe.Chef@Example.com',
      fullName: 'Chloé Chef',
      admin: true,
      language: 'de',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'chloe.chef@example.com',
      status: 'PENDING',
      admin: true,
      roles: ['ROLE_VFM', 'ROLE_VFM_ADMIN'],
      language: 'de',
    });
    expect(await auditOf(res.body.id)).toEqual([
      {
        name: 'ACCOUNT_CREATED',
        user_email: admin.email,
        type: 'OTHER',
        source: 'MANAGER',
        bike_id: null,
        fleet_id: fleet.id,
      },
    ]);
  });

  it('refuses an e-mail already used, in any fleet (409)', async () => {
    const res = await adminApi.post('accounts', { email: foreign.email, fullName: 'Twin' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });

  it('refuses bad input with field errors', async () => {
    const res = await adminApi.post('accounts', { email: 'nope', fullName: '', roles: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'fullName',
      'roles',
    ]);
  });
});

describe('update', () => {
  it('updates fields and the admin flag, audited', async () => {
    const account = await createAccount(t, fleet);
    const res = await adminApi.put(`accounts/${account.id}`, {
      fullName: 'Renamed',
      description: 'Depot Nord',
      admin: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullName: 'Renamed', description: 'Depot Nord', admin: true });
    const demoted = await adminApi.put(`accounts/${account.id}`, { admin: false });
    expect(demoted.body.roles).toEqual(['ROLE_VFM']);
    expect((await auditOf(account.id)).map((e) => e.name)).toEqual([
      'ACCOUNT_UPDATED',
      'ACCOUNT_UPDATED',
    ]);
  });

  it('refuses an admin removing its own admin role (409) and an empty body (400)', async () => {
    expect((await adminApi.put(`accounts/${admin.id}`, { admin: false })).status).toBe(409);
    expect((await adminApi.put(`accounts/${admin.id}`, {})).status).toBe(400);
  });
});

describe('set password', () => {
  it("sets the password, ends the user's sessions at once, audited", async () => {
    const account = await createAccount(t, fleet);
    const session = await loginPair(t, account);
    const res = await adminApi.put(`accounts/${account.id}/password`, { password: 'Adm1n-set!pw' });
    expect(res.status).toBe(204);
    expect((await t.api({ token: session.jwtToken }).get('accounts/me')).status).toBe(401);
    expect((await login(t, { ...account, password: 'Adm1n-set!pw' })).status).toBe(200);
    expect((await auditOf(account.id)).map((e) => e.name)).toEqual(['ACCOUNT_PASSWORD_SET']);
  });

  it('enforces the password policy (400 naming the field)', async () => {
    const res = await adminApi.put(`accounts/${manager.id}/password`, { password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors.every((e: { field: string }) => e.field === 'password')).toBe(true);
  });
});

describe('delete', () => {
  it('deletes an account: its access tokens are refused at once, audited', async () => {
    const account = await createAccount(t, fleet);
    const session = await loginPair(t, account);
    expect((await adminApi.delete(`accounts/${account.id}`)).status).toBe(204);
    expect((await t.api({ token: session.jwtToken }).get('accounts/me')).status).toBe(401);
    expect((await adminApi.get(`accounts/${account.id}`)).status).toBe(404);
    expect((await auditOf(account.id)).map((e) => e.name)).toEqual(['ACCOUNT_DELETED']);
  });

  it('refuses an admin deleting itself (409), alone or in a bulk', async () => {
    const other = await createAccount(t, fleet);
    expect((await adminApi.delete(`accounts/${admin.id}`)).status).toBe(409);
    const bulk = await adminApi.delete('accounts', { query: { ids: [other.id, admin.id] } });
    expect(bulk.status).toBe(409);
    expect((await adminApi.get(`accounts/${other.id}`)).status).toBe(200);
  });

  it('bulk: all or nothing, unknown and foreign ids named in the 404', async () => {
    const a = await createAccount(t, fleet);
    const b = await createAccount(t, fleet);
    const ghost = '00000000-0000-4000-8000-000000000000';
    const res = await adminApi.delete('accounts', {
      query: { ids: [a.id, b.id, foreign.id, ghost, 'junk'] },
    });
    expect(res.status).toBe(404);
    expect(res.body.missing).toEqual([foreign.id, ghost, 'junk']);
    expect((await adminApi.get(`accounts/${a.id}`)).status).toBe(200);
    expect((await login(t, foreign)).status).toBe(200);
    // comma-separated ids are accepted too
    const ok = await adminApi.delete('accounts', { query: { ids: `${a.id},${b.id}` } });
    expect(ok.status).toBe(204);
    expect((await adminApi.get(`accounts/${b.id}`)).status).toBe(404);
  });

  it('bulk: refuses an empty list and more ids than the bulk limit', async () => {
    expect((await adminApi.delete('accounts')).status).toBe(400);
    const many = Array.from({ length: t.config.bulkLimit + 1 }, (_, i) => `i${i}`);
    const res = await adminApi.delete('accounts', { query: { ids: many } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'ids', message: 'has more than 1000 items' }]);
  });
});
