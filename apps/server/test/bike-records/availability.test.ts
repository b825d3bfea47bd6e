// PUT products/availability (DESIGN §5, §7): bulk, all or nothing, 404 naming the unknown or
// foreign numbers, an audit event per changed bike, the bulk limit, the change notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailabilityResultSchema } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let api: ApiClient;
let managerEmail: string;
let bikes: BikeRow[];
let foreign: BikeRow;

const availabilityOf = async (bike: BikeRow) =>
  (
    await t.server.database.query<{ availability: string }>(
      'SELECT availability FROM bike WHERE id = $1',
      [bike.id],
    )
  )[0]!.availability;

beforeAll(async () => {
  t = await startTestServer({ config: { bulkLimit: 5 } });
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  managerEmail = a.manager.email;
  bikes = [];
  for (const vn of ['AV-1', 'AV-2', 'AV-3']) {
    bikes.push(await createBike(t, a.fleet, { vehicle_number: vn }));
  }
  foreign = await createBike(t, b.fleet, { vehicle_number: 'AV-FOREIGN' });
});
afterAll(() => t.close());

describe('PUT products/availability', () => {
  it('changes every bike, records an event per changed bike and announces the change', async () => {
    const notices: string[] = [];
    const stop = await t.server.database.listen('vfm_fleet', (payload) => notices.push(payload));
    await t.server.database.query("UPDATE bike SET availability = 'OUT' WHERE id = $1", [
      bikes[2]!.id,
    ]);
    const res = await api.put('products/availability', undefined, {
      query: { vehicleNumbers: ['AV-1', 'av-2', 'AV-3', 'AV-1'], availability: 'OUT' },
    });
    expect(res.status).toBe(200);
    expectShape(AvailabilityResultSchema, res.body);
    expect(res.body).toEqual({
      availability: 'OUT',
      changed: ['AV-1', 'AV-2'],
      unchanged: ['AV-3'],
    });
    for (const bike of bikes) expect(await availabilityOf(bike)).toBe('OUT');
    const events = await t.server.database.query<Record<string, unknown>>(
      `SELECT vehicle_number, type, name, source, user_email, data FROM event
        WHERE name = 'AVAILABILITY_CHANGED' ORDER BY vehicle_number`,
    );
    expect(events).toEqual([
      {
        vehicle_number: 'AV-1',
        type: 'OTHER',
        name: 'AVAILABILITY_CHANGED',
        source: 'MANAGER',
        user_email: managerEmail,
        data: { from: 'AVAILABLE', to: 'OUT' },
      },
      expect.objectContaining({ vehicle_number: 'AV-2' }),
    ]);
    // the live channel's fleet change notice (its other notices have no kinds)
    const changes = () =>
      notices.map((n) => JSON.parse(n) as { kinds?: string[] }).filter((n) => n.kinds);
    await expect.poll(() => changes().length).toBeGreaterThan(0);
    expect(changes()[0]).toMatchObject({ kinds: expect.arrayContaining(['bike']) });
    await stop();
  });

  it('accepts comma-separated numbers', async () => {
    const res = await api.put('products/availability', undefined, {
      query: { vehicleNumbers: 'AV-1,AV-2', availability: 'IN_OPERATION' },
    });
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual(['AV-1', 'AV-2']);
  });

  it('changes nothing when one number is unknown or of another fleet, and names them', async () => {
    const before = await Promise.all(bikes.map(availabilityOf));
    const res = await api.put('products/availability', undefined, {
      query: { vehicleNumbers: ['AV-1', 'NOPE-9', foreign.vehicleNumber], availability: 'TRANSIT' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.body).toMatchObject({ code: 'BIKE_NOT_FOUND', missing: ['NOPE-9', 'AV-FOREIGN'] });
    expect(await Promise.all(bikes.map(availabilityOf))).toEqual(before);
    expect(await availabilityOf(foreign)).toBe('AVAILABLE');
  });

  it('refuses more numbers than the bulk limit, bad numbers, bad values, missing ones', async () => {
    const six = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'];
    const cases = [
      { vehicleNumbers: six, availability: 'OUT' },
      { vehicleNumbers: ['a.b'], availability: 'OUT' },
      { vehicleNumbers: ['AV-1'], availability: 'BROKEN' },
      { availability: 'OUT' },
      { vehicleNumbers: ['AV-1'] },
    ];
    for (const query of cases) {
      const res = await api.put('products/availability', undefined, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});
