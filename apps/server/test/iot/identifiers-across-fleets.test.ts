// Identifiers across fleets (ADR 0043): vehicle numbers and bike codes are unique per fleet, so
// two fleets may use the same; module ids are global, and an import refusing one does not say
// which fleet holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers } from '../helpers/factories';
import { count } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
let first: Awaited<ReturnType<typeof createFleetWithUsers>>;
let second: Awaited<ReturnType<typeof createFleetWithUsers>>;
beforeAll(async () => {
  t = await startTestServer();
  first = await createFleetWithUsers(t, 'First Bikes Ltd');
  second = await createFleetWithUsers(t, 'Second Wheels SA');
});
afterAll(() => t.close());

const importCsv = (token: string, lines: string[]) =>
  t.api({ token }).request('POST', 'fleet/admin/vehicles', {
    raw: ['vehicleNumber,bikeCode,moduleId,model,group', ...lines].join('\n'),
    contentType: 'text/csv',
  });

describe('identifiers across fleets', () => {
  it('lets two fleets use the same vehicle number and bike code', async () => {
    const a = await importCsv(first.adminToken, ['SAME-1,CODE-1,X00001,City,']);
    const b = await importCsv(second.adminToken, ['same-1,code-1,X00002,Cargo,']);
    expect(a.body).toMatchObject({ created: 1, errors: [] });
    expect(b.body).toMatchObject({ created: 1, errors: [] });
    expect(await count(t, "bike WHERE lower(vehicle_number) = 'same-1'")).toBe(2);
    // each fleet sees its own
    const own = await t.api({ token: second.adminToken }).get('products/details/same-1');
    expect(own.status).toBe(200);
    expect(own.body.model).toBe('Cargo');
  });

  it('still refuses a bike code twice in one fleet', async () => {
    const res = await importCsv(first.adminToken, ['OTHER-1,code-1,,City,']);
    expect(res.body.errors).toEqual([
      { line: 2, message: 'bikeCode code-1 is already used by another bike' },
    ]);
  });

  it('refuses a module paired in another fleet without naming that fleet', async () => {
    const res = await importCsv(second.adminToken, ['SAME-2,CODE-2,X00001,City,']);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(0);
    const [error] = res.body.errors as Array<{ message: string }>;
    expect(error!.message).toBe('moduleId X00001 is paired with another bike');
    const text = JSON.stringify(res.body);
    for (const secret of [first.fleet.id, 'First Bikes', 'SAME-1', 'CODE-1']) {
      expect(text).not.toContain(secret);
    }
  });
});
