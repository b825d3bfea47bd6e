// products/find, details, details/autotest, details/commands, details-actions: every field,
// exact-first search, history order and paging, and another fleet's bike is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AutotestSchema,
  BikeSchema,
  CommandHistorySchema,
  EventPageSchema,
  FindResultSchema,
} from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createAutotest, createCommand, createEvent, createGroup } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let api: ApiClient;
let other: ApiClient;
let bike: BikeRow;
let foreign: BikeRow;

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  other = t.api({ token: b.managerToken });
  const group = await createGroup(t, a.fleet, 'Paris');
  bike = await createBike(t, a.fleet, {
    vehicle_number: 'FR-0001',
    bike_code: 'BC.0001',
    module_id: 'A1B2C3',
    group_id: group.id,
    firmware_version: '1.2.3',
    battery_number: 'BAT-9',
    total_km: 321.5,
    speed_limit: 25,
  });
  await createBike(t, a.fleet, { vehicle_number: 'FR-00011', bike_code: 'BC.00011' });
  await createBike(t, a.fleet, { vehicle_number: 'FR-00012', bike_code: 'BC.00012' });
  foreign = await createBike(t, b.fleet, { vehicle_number: 'FR-0001X', bike_code: 'X-FR-0001' });
});
afterAll(() => t.close());

describe('GET products/find/{text}', () => {
  it('prefers an exact match of frame no., bike code or IoT code, in any case', async () => {
    for (const text of ['FR-0001', 'fr-0001', 'bc.0001', 'a1b2c3']) {
      const res = await api.get(`products/find/${text}`);
      expect(res.status, text).toBe(200);
      expectShape(FindResultSchema, res.body);
      expect(res.body.vehicleNumbers, text).toEqual(['FR-0001']);
    }
  });

  it('lists partial matches of the fleet only, at most 20', async () => {
    const res = await api.get('products/find/fr-000');
    expect(res.body.vehicleNumbers).toEqual(['FR-0001', 'FR-00011', 'FR-00012']);
  });

  it('answers 404 when nothing matches, and for another fleet’s bike', async () => {
    const none = await api.get('products/find/nothing-like-it');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'BIKE_NOT_FOUND', missing: ['nothing-like-it'] });
    // the foreign bike matches the text but belongs to another fleet
    expect((await api.get('products/find/FR-0001X')).status).toBe(404);
  });

  it('treats LIKE wildcards literally', async () => {
    expect((await api.get('products/find/_')).status).toBe(404);
  });

  it('refuses text outside the SPEC §5 alphabets', async () => {
    const res = await api.get(`products/find/${encodeURIComponent('a b')}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('GET products/details/{vn}', () => {
  it('answers every field of the bike', async () => {
    const res = await api.get('products/details/fr-0001');
    expect(res.status).toBe(200);
    expectShape(BikeSchema, res.body);
    expect(res.body).toMatchObject({
      vehicleNumber: 'FR-0001',
      bikeCode: 'BC.0001',
      moduleId: 'A1B2C3',
      group: { name: 'Paris' },
      availability: 'AVAILABLE',
      status: 'PARKED',
      iotMode: 'STANDBY',
      firmwareVersion: '1.2.3',
      batteryNumber: 'BAT-9',
      totalKm: 321.5,
      speedLimit: 25,
      warnings: [],
      theft: { state: 'NONE', since: null, by: null },
    });
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(BikeSchema.properties).sort());
  });

  it('is a 404 for another fleet’s bike and for an unknown one', async () => {
    for (const vn of [foreign.vehicleNumber, 'NOPE']) {
      const res = await api.get(`products/details/${vn}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'BIKE_NOT_FOUND', missing: [vn] });
    }
    expect((await other.get(`products/details/${foreign.vehicleNumber}`)).status).toBe(200);
  });

  it('refuses a vehicle number outside the SPEC §5 pattern', async () => {
    expect((await api.get('products/details/a.b')).status).toBe(400);
    expect((await api.get(`products/details/${'x'.repeat(46)}`)).status).toBe(400);
  });
});

describe('GET products/details/autotest/{vn}', () => {
  it('answers the latest report and the history, newest first', async () => {
    const empty = await api.get(`products/details/autotest/${bike.vehicleNumber}`);
    expect(empty.body).toEqual({ latest: null, history: [] });
    await createAutotest(t, bike, { ts: new Date('2026-01-01T10:00:00Z') });
    await createAutotest(t, bike, {
      ts: new Date('2026-01-02T10:00:00Z'),
      results: JSON.stringify([
        { code: 'GPS', status: 'KO', value: 'no fix' },
        { code: 'GSM', status: 'weird' },
      ]),
    });
    // results given as an object by some firmware
    await createAutotest(t, bike, {
      ts: new Date('2025-12-31T10:00:00Z'),
      results: JSON.stringify({ BATTERY: 'OK', LOCK: { status: 'NA', value: 3 } }),
    });
    const res = await api.get(`products/details/autotest/${bike.vehicleNumber}`);
    expect(res.status).toBe(200);
    expectShape(AutotestSchema, res.body);
    expect(res.body.latest).toEqual({
      date: '2026-01-02T10:00:00.000Z',
      results: [
        { code: 'GPS', status: 'KO', value: 'no fix' },
        { code: 'GSM', status: 'NA', value: null },
      ],
    });
    expect(res.body.history.map((r: { date: string }) => r.date)).toEqual([
      '2026-01-02T10:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
      '2025-12-31T10:00:00.000Z',
    ]);
    // jsonb does not keep key order
    const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
    expect([...res.body.history[2].results].sort(byCode)).toEqual([
      { code: 'BATTERY', status: 'OK', value: null },
      { code: 'LOCK', status: 'NA', value: 3 },
    ]);
    const one = await api.get(`products/details/autotest/${bike.vehicleNumber}`, {
      query: { size: 1 },
    });
    expect(one.body.history).toHaveLength(1);
  });

  it('is a 404 for another fleet’s bike', async () => {
    expect((await api.get(`products/details/autotest/${foreign.vehicleNumber}`)).status).toBe(404);
  });
});

describe('GET products/details/commands/{vn}', () => {
  it('lists the commands newest first, an overdue PENDING one as EXPIRED', async () => {
    await createCommand(t, bike, { requested_at: new Date('2026-01-01T10:00:00Z') });
    await createCommand(t, bike, {
      type: 'MODE',
      value: 'STORAGE',
      status: 'ACKNOWLEDGED',
      requested_at: new Date('2026-01-03T10:00:00Z'),
      acknowledged_at: new Date('2026-01-03T10:00:05Z'),
    });
    await createCommand(t, bike, {
      type: 'ALARM',
      requested_at: new Date('2026-01-02T10:00:00Z'),
      expires_at: new Date('2026-01-03T10:00:00Z'),
    });
    const res = await api.get(`products/details/commands/${bike.vehicleNumber}`);
    expect(res.status).toBe(200);
    expectShape(CommandHistorySchema, res.body);
    expect(res.body.map((c: { type: string; status: string }) => [c.type, c.status])).toEqual([
      ['MODE', 'ACKNOWLEDGED'],
      ['ALARM', 'EXPIRED'],
      ['LOCK_CONTROL', 'PENDING'],
    ]);
    expect(res.body[0]).toMatchObject({
      vehicleNumber: 'FR-0001',
      value: 'STORAGE',
      requestedBy: 'someone@example.com',
      acknowledgedAt: '2026-01-03T10:00:05.000Z',
    });
  });

  it('is a 404 for another fleet’s bike', async () => {
    expect((await api.get(`products/details/commands/${foreign.vehicleNumber}`)).status).toBe(404);
  });
});

describe('GET products/details-actions/{vn}', () => {
  it('pages the events newest first with the acting e-mail and source', async () => {
    for (let day = 1; day <= 5; day += 1) {
      await createEvent(t, bike, {
        name: day === 3 ? 'THEFT_DECLARED' : 'ALARM_TRIGGERED',
        source: day === 3 ? 'MANAGER' : 'MODULE',
        user_email: day === 3 ? 'boss@example.com' : null,
        occurred_at: new Date(`2026-01-0${day}T08:00:00Z`),
        data: JSON.stringify(day === 3 ? { previousMode: 'STANDBY' } : [1, 2]),
      });
    }
    await createEvent(t, foreign, { occurred_at: new Date('2026-01-09T08:00:00Z') });
    const first = await api.get(`products/details-actions/${bike.vehicleNumber}`, {
      query: { page: 0, size: 2 },
    });
    expect(first.status).toBe(200);
    expectShape(EventPageSchema, first.body);
    expect(first.body.totalElements).toBe(5);
    expect(first.body.content.map((e: { occurredAt: string }) => e.occurredAt)).toEqual([
      '2026-01-05T08:00:00.000Z',
      '2026-01-04T08:00:00.000Z',
    ]);
    expect(first.body.content[0].data).toEqual({ value: [1, 2] });
    const second = await api.get(`products/details-actions/${bike.vehicleNumber}`, {
      query: { page: 1, size: 2 },
    });
    expect(second.body.content[0]).toMatchObject({
      name: 'THEFT_DECLARED',
      source: 'MANAGER',
      userEmail: 'boss@example.com',
      type: 'PRODUCT',
      vehicleNumber: 'FR-0001',
      data: { previousMode: 'STANDBY' },
    });
  });

  it('refuses page sizes over 1000 and negative pages', async () => {
    const path = `products/details-actions/${bike.vehicleNumber}`;
    expect((await api.get(path, { query: { size: 1001 } })).status).toBe(400);
    expect((await api.get(path, { query: { page: -1 } })).status).toBe(400);
    expect((await api.get(path, { query: { size: 'ten' } })).status).toBe(400);
  });

  it('is a 404 for another fleet’s bike', async () => {
    expect((await api.get(`products/details-actions/${foreign.vehicleNumber}`)).status).toBe(404);
  });
});
