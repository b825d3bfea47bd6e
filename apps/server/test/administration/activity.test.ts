// fleet/events (docs/architecture.md): the fleet's activity — every audited action of its
// users, newest first, with who, what and which bike or account; filtered by kind, user, bike
// and period; its CSV; admin only; another fleet's actions never visible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityPageSchema } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let admin: ApiClient;
let manager: ApiClient;
let adminEmail: string;

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  admin = t.api({ token: a.adminToken });
  manager = t.api({ token: a.managerToken });
  adminEmail = a.admin.email;
  await createBike(t, a.fleet, { vehicle_number: 'ACT-1', availability: 'AVAILABLE' });
  await createBike(t, b.fleet, { vehicle_number: 'ACT-2', availability: 'AVAILABLE' });
  // actions: an availability change, a theft, a settings change, an account creation
  await admin.put('products/availability', undefined, {
    query: { vehicleNumbers: 'ACT-1', availability: 'OUT' },
  });
  await admin.post('products/theft/ACT-1');
  await admin.put('fleet/settings', { co2KgPerKm: 0.2 });
  await admin.post('accounts', { email: 'new.one@example.com', fullName: 'New One' });
  // another fleet's action
  await t.api({ token: b.adminToken }).put('products/availability', undefined, {
    query: { vehicleNumbers: 'ACT-2', availability: 'OUT' },
  });
});
afterAll(() => t.close());

const names = (body: { content: Array<{ name: string }> }) => body.content.map((e) => e.name);

describe('GET fleet/events', () => {
  it('lists the fleet users’ actions, newest first, with who did them', async () => {
    const res = await admin.get('fleet/events');
    expect(res.status, res.text).toBe(200);
    expectShape(ActivityPageSchema, res.body);
    expect(names(res.body)).toEqual(
      expect.arrayContaining([
        'AVAILABILITY_CHANGED',
        'THEFT_DECLARED',
        'FLEET_SETTINGS_CHANGED',
        'ACCOUNT_CREATED',
      ]),
    );
    for (const event of res.body.content) {
      expect(event.source).toBe('MANAGER');
      expect(event.vehicleNumber).not.toBe('ACT-2');
    }
    expect(
      res.body.content.find((e: { name: string }) => e.name === 'AVAILABILITY_CHANGED'),
    ).toMatchObject({
      vehicleNumber: 'ACT-1',
      userEmail: adminEmail,
    });
    const times = res.body.content.map((e: { occurredAt: string }) => e.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by kind, user, bike and period, and pages', async () => {
    const thefts = await admin.get('fleet/events', { query: { kind: 'thefts' } });
    expect(names(thefts.body)).toEqual(['THEFT_DECLARED']);
    const two = await admin.get('fleet/events', { query: { kind: ['settings', 'accounts'] } });
    expect(names(two.body).sort()).toEqual(['ACCOUNT_CREATED', 'FLEET_SETTINGS_CHANGED']);
    const byBike = await admin.get('fleet/events', { query: { vehicleNumber: 'act-1' } });
    expect(names(byBike.body).sort()).toEqual(
      expect.arrayContaining(['AVAILABILITY_CHANGED', 'THEFT_DECLARED']),
    );
    const byUser = await admin.get('fleet/events', { query: { user: 'nobody%' } });
    expect(byUser.body.totalElements).toBe(0);
    const future = await admin.get('fleet/events', {
      query: { from: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.body.content).toEqual([]);
    const paged = await admin.get('fleet/events', { query: { size: 1, page: 1 } });
    expect(paged.body.content).toHaveLength(1);
    expect(paged.body.totalElements).toBeGreaterThanOrEqual(4);
  });

  it('exports the same rows as CSV', async () => {
    const res = await admin.get('fleet/events/csv', { query: { kind: 'thefts' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('occurredAt,userEmail,name,type,vehicleNumber,data');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('THEFT_DECLARED');
  });

  it('refuses a manager and bad filters', async () => {
    expect((await manager.get('fleet/events')).status).toBe(403);
    expect((await manager.get('fleet/events/csv')).status).toBe(403);
    for (const query of [
      { kind: 'everything' },
      { from: 'yesterday' },
      { size: 5000 },
      { from: new Date().toISOString(), to: new Date(Date.now() - 1000).toISOString() },
    ]) {
      expect((await admin.get('fleet/events', { query })).status, JSON.stringify(query)).toBe(400);
    }
  });
});
