// The vehicles CSV re-imports as is (DESIGN §5), even with formula-looking text, which the
// export neutralises (ADR 0022) and the import restores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBike } from '../helpers/bikes';
import { createFleetWithUsers } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('vehicles CSV round trip', () => {
  it('exports and re-imports without changing a bike', async () => {
    const { fleet, adminToken } = await createFleetWithUsers(t);
    const bike = await createBike(t, fleet, { model: '=HYPERLINK("x")', module_id: null });
    const admin = t.api({ token: adminToken });
    const exported = await admin.get('fleet/vehicles/csv');
    expect(exported.status).toBe(200);
    expect(exported.text).toContain(`'=HYPERLINK`);
    const imported = await admin.request('POST', 'fleet/admin/vehicles', {
      raw: exported.text,
      contentType: 'text/csv',
    });
    expect(imported.status).toBe(200);
    expect(imported.body.errors).toEqual([]);
    expect(imported.body.created).toBe(0);
    const [row] = await t.server.database.query<{ model: string }>(
      'SELECT model FROM bike WHERE id = $1',
      [bike.id],
    );
    expect(row!.model).toBe('=HYPERLINK("x")');
  });
});
