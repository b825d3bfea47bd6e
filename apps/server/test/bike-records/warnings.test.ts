// products/warnings (DESIGN §7): counters per type, the bikes concerned with the start of each
// warning, thresholds from the fleet settings, lack of communication from the request time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarningsSchema } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  createFleetWithUsers,
  tokenFor,
  type AccountRow,
  type FleetRow,
} from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { updateFleet } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

const DAY = 24 * 3_600_000;
let t: TestServer;
let api: ApiClient;
let fleet: FleetRow;
let manager: AccountRow;
const ago = (ms: number) => new Date(Date.now() - ms);

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  fleet = a.fleet;
  manager = a.manager;
  api = t.api({ token: a.managerToken });
  await createBike(t, fleet, { vehicle_number: 'OK-1' });
  await createBike(t, fleet, {
    vehicle_number: 'STOLEN-1',
    theft_state: 'REPORTED',
    theft_since: new Date('2026-01-05T00:00:00Z'),
    theft_by: 'boss@example.com',
  });
  await createBike(t, fleet, {
    vehicle_number: 'SUSPECT-1',
    theft_state: 'SUSPECTED',
    suspected_theft_since: new Date('2026-01-06T00:00:00Z'),
  });
  await createBike(t, fleet, { vehicle_number: 'SILENT-1', last_communication_date: ago(8 * DAY) });
  await createBike(t, fleet, { vehicle_number: 'SILENT-2', last_communication_date: ago(6 * DAY) });
  // no module: it cannot be silent
  await createBike(t, fleet, {
    vehicle_number: 'NOMODULE-1',
    module_id: null,
    last_communication_date: null,
  });
  await createBike(t, fleet, {
    vehicle_number: 'LOWBAT-1',
    bike_battery_level: 20,
    low_vehicle_battery_since: new Date('2026-01-07T00:00:00Z'),
    iot_battery_level: 5,
  });
  await createBike(t, fleet, { vehicle_number: 'LOWBAT-2', bike_battery_level: 21 });
  // another fleet's warnings never count
  await createBike(t, b.fleet, { vehicle_number: 'OTHER-1', theft_state: 'REPORTED' });
});
afterAll(() => t.close());

describe('GET products/warnings', () => {
  it('counts each warning type of the fleet', async () => {
    const res = await api.get('products/warnings');
    expect(res.status).toBe(200);
    expectShape(WarningsSchema, res.body);
    expect(res.body.counts).toEqual({
      REPORTED_THEFT: 1,
      SUSPECTED_THEFT: 1,
      LACK_MODULE_COMM: 1,
      LOW_VEHICLE_BATTERY: 1,
      LOW_MODULE_BATTERY: 1,
    });
    expect(res.body.totalElements).toBe(4);
    expect(res.body.content.map((b: { vehicleNumber: string }) => b.vehicleNumber)).toEqual([
      'LOWBAT-1',
      'SILENT-1',
      'STOLEN-1',
      'SUSPECT-1',
    ]);
  });

  it('lists the bikes of one type with when each warning began', async () => {
    const res = await api.get('products/warnings', { query: { type: 'LOW_VEHICLE_BATTERY' } });
    expect(res.body.totalElements).toBe(1);
    expect(res.body.content[0]).toMatchObject({
      vehicleNumber: 'LOWBAT-1',
      warnings: [
        { type: 'LOW_VEHICLE_BATTERY', since: '2026-01-07T00:00:00.000Z' },
        { type: 'LOW_MODULE_BATTERY', since: null },
      ],
    });
    const theft = await api.get('products/warnings', { query: { type: 'REPORTED_THEFT' } });
    expect(theft.body.content[0]).toMatchObject({
      vehicleNumber: 'STOLEN-1',
      theft: { state: 'REPORTED', since: '2026-01-05T00:00:00.000Z', by: 'boss@example.com' },
      warnings: [{ type: 'REPORTED_THEFT', since: '2026-01-05T00:00:00.000Z' }],
    });
    const silent = await api.get('products/warnings', { query: { type: 'LACK_MODULE_COMM' } });
    const since = new Date(silent.body.content[0].warnings[0].since).getTime();
    expect(Math.abs(since - (Date.now() - DAY))).toBeLessThan(DAY / 2);
  });

  it('follows the fleet thresholds', async () => {
    await updateFleet(t, fleet, {
      low_vehicle_battery_percent: 25,
      lack_of_communication_hours: 24,
    });
    const res = await api.get('products/warnings');
    expect(res.body.counts.LOW_VEHICLE_BATTERY).toBe(2);
    expect(res.body.counts.LACK_MODULE_COMM).toBe(2);
    await updateFleet(t, fleet, {
      low_vehicle_battery_percent: 20,
      lack_of_communication_hours: 168,
    });
  });

  it('derives the lack of communication from the time of the request', async () => {
    t.clock.advance(2 * DAY);
    try {
      // two days later the manager signs in again (access tokens last 15 minutes)
      const later = t.api({ token: await tokenFor(t, manager) });
      const res = await later.get('products/warnings', { query: { type: 'LACK_MODULE_COMM' } });
      // newest warning first
      expect(res.body.content.map((b: { vehicleNumber: string }) => b.vehicleNumber)).toEqual([
        'SILENT-2',
        'SILENT-1',
      ]);
    } finally {
      t.clock.advance(-2 * DAY);
    }
  });

  it('sorts by when the warning began or by a list column, both ways', async () => {
    const numbers = async (query: Record<string, string>) =>
      (await api.get('products/warnings', { query })).body.content.map(
        (bike: { vehicleNumber: string }) => bike.vehicleNumber,
      );
    // "all": the most recent start among the bike's own warnings
    expect(await numbers({ sort: 'since,desc' })).toEqual([
      'SILENT-1',
      'LOWBAT-1',
      'SUSPECT-1',
      'STOLEN-1',
    ]);
    expect(await numbers({ sort: 'since,asc' })).toEqual([
      'STOLEN-1',
      'SUSPECT-1',
      'LOWBAT-1',
      'SILENT-1',
    ]);
    expect(await numbers({ sort: 'bikeBatteryLevel,asc', type: 'LOW_VEHICLE_BATTERY' })).toEqual([
      'LOWBAT-1',
    ]);
    expect(await numbers({ sort: 'vehicleNumber,desc' })).toEqual([
      'SUSPECT-1',
      'STOLEN-1',
      'SILENT-1',
      'LOWBAT-1',
    ]);
    expect((await api.get('products/warnings', { query: { sort: 'password' } })).status).toBe(400);
  });

  it('pages the content', async () => {
    const res = await api.get('products/warnings', { query: { page: 1, size: 3 } });
    expect(res.body).toMatchObject({ page: 1, size: 3, totalElements: 4 });
    expect(res.body.content).toHaveLength(1);
  });

  it('refuses an unknown type and a page size over 1000', async () => {
    expect((await api.get('products/warnings', { query: { type: 'FIRE' } })).status).toBe(400);
    expect((await api.get('products/warnings', { query: { size: 5000 } })).status).toBe(400);
  });
});
