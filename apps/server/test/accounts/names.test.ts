// docs/operations.md: a name others read — an account's full name, a bike's model or group from an
// import, a fleet created by the CLI — is refused when it is only spaces or invisible
// characters, or holds a character that hides text or reverses its direction (one contract
// rule, DISPLAY_NAME_PATTERN).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createFleetWithAdmin } from '../../src/cli/commands';
import { CliError } from '../../src/cli/cli-error';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let admin: ApiClient;
let adminId: string;
let managerId: string;
beforeAll(async () => {
  t = await startTestServer();
  const cast = await createFleetWithUsers(t);
  admin = t.api({ token: cast.adminToken });
  adminId = cast.admin.id;
  managerId = cast.manager.id;
});
afterAll(() => t.close());

const BAD_NAMES = [
  '   ',
  '\u00a0\u3000',
  '\u200b\u200b',
  '\ufeff',
  'Eve \u202enella\u202c',
  'Bob \u2067\u05d0\u2069',
  'Ann\u200dMarie',
  'Ann\u200e',
];

let counter = 0;
const nextEmail = () => `name-${++counter}@example.com`;

describe('account full names', () => {
  it.each(BAD_NAMES)('POST accounts refuses %j with a 400 naming fullName', async (fullName) => {
    const res = await admin.post('accounts', { email: nextEmail(), fullName });
    expect(res.status, res.text).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.body.errors).toEqual([{ field: 'fullName', message: 'has an invalid format' }]);
  });

  it.each(BAD_NAMES)('PUT accounts/me and accounts/{id} refuse %j', async (fullName) => {
    expect((await admin.put('accounts/me', { fullName })).status).toBe(400);
    expect((await admin.put(`accounts/${managerId}`, { fullName })).status).toBe(400);
  });

  it('accepts names of any script', async () => {
    for (const fullName of ["Zoë O'Brien", '王小明', 'محمد علي']) {
      const res = await admin.post('accounts', { email: nextEmail(), fullName });
      expect(res.status, res.text).toBe(201);
    }
    expect((await admin.put('accounts/me', { fullName: 'Ådne Ørsted' })).status).toBe(200);
    const me = await admin.get(`accounts/${adminId}`);
    expect(me.body.fullName).toBe('Ådne Ørsted');
  });
});

describe('bike import: model and group', () => {
  it('reports the lines whose model or group hides characters, imports the others', async () => {
    const csv = [
      'vehicleNumber,bikeCode,moduleId,model,group',
      'NAME-1,NAME1,,City 28,Lyon',
      'NAME-2,NAME2,,\u200b,Lyon',
      'NAME-3,NAME3,,City 28,Lyon \u202eNord',
      'NAME-4,NAME4,,City 28,\u2066\u2069',
    ].join('\n');
    const res = await admin.request('POST', 'fleet/admin/vehicles', {
      raw: csv,
      contentType: 'text/csv',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.created).toBe(1);
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5]);
    expect(res.body.errors[0].message).toMatch(/^model must have a visible character/);
    expect(res.body.errors[1].message).toMatch(/^group must have a visible character/);
  });
});

describe('admin CLI: fleet names', () => {
  it.each(['\u200b', 'Acme \u202eorP'])('refuses the fleet name %j', async (name) => {
    await expect(
      createFleetWithAdmin(t.server.database, name, { email: nextEmail() }),
    ).rejects.toBeInstanceOf(CliError);
  });
});
