// fleet/group, fleet/information, fleet/statistics, fleet/statistics/traffic, fleet/chart:
// counts of the caller's fleet only, SPEC §4 buckets at their edges, complete time series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChartSchema,
  FleetGroupTreeSchema,
  FleetInformationSchema,
  FleetStatisticsSchema,
  TrafficSchema,
} from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createEvent, createGroup, createTrip } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestServer;
let api: ApiClient;
let fleetName: string;
let bikes: BikeRow[];
let foreign: BikeRow;
let zoneId: string;
let alphaId: string;
// a fixed instant for the test clock: bucket edges are exact
const NOW = new Date('2026-03-20T12:00:00.000Z');

beforeAll(async () => {
  t = await startTestServer();
  t.clock.advance(NOW.getTime() - Date.now());
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  fleetName = a.fleet.name;
  api = t.api({ token: a.managerToken });
  const root = await createGroup(t, a.fleet, 'Zone');
  const child = await createGroup(t, a.fleet, 'Alpha', root);
  const grandchild = await createGroup(t, a.fleet, 'Deep', child);
  zoneId = root.id;
  alphaId = child.id;
  await createGroup(t, a.fleet, 'Empty');
  const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
  bikes = [
    // 7 days 23 h: still "up to 7 days"
    await createBike(t, a.fleet, {
      group_id: root.id,
      last_communication_date: new Date(NOW.getTime() - 8 * DAY + HOUR),
      bike_battery_level: 0,
      iot_battery_level: 25,
      iot_mode: 'NAVIGATION',
      status: 'MOVING',
      total_km: 100,
      co2_avoided_kg: 12,
    }),
    // exactly 8 days: "8 to 14 days"
    await createBike(t, a.fleet, {
      group_id: child.id,
      last_communication_date: ago(8),
      bike_battery_level: 26,
      iot_battery_level: 50,
      availability: 'OUT',
      total_km: 50.5,
      co2_avoided_kg: 6,
    }),
    // 14 days 23 h: "8 to 14 days"
    await createBike(t, a.fleet, {
      group_id: grandchild.id,
      last_communication_date: new Date(NOW.getTime() - 15 * DAY + HOUR),
      bike_battery_level: 75,
      iot_battery_level: 51,
      availability: 'TRANSIT',
      iot_mode: null,
    }),
    // exactly 15 days: "15 days or more"
    await createBike(t, a.fleet, {
      last_communication_date: ago(15),
      bike_battery_level: 76,
      iot_battery_level: 100,
      theft_state: 'REPORTED',
    }),
    await createBike(t, a.fleet, {
      last_communication_date: null,
      bike_battery_level: null,
      iot_battery_level: null,
    }),
  ];
  foreign = await createBike(t, b.fleet, { total_km: 1e6 });
  await t.server.database.query('UPDATE bike SET trip_count = 0');
});
afterAll(() => t.close());

describe('GET fleet/group', () => {
  it('answers the group tree with own and total bike counts, sorted by name', async () => {
    const res = await api.get('fleet/group');
    expect(res.status).toBe(200);
    expectShape(FleetGroupTreeSchema, res.body);
    const strip = (nodes: any[]): unknown =>
      nodes.map((n) => [n.name, n.ownBikeCount, n.bikeCount, strip(n.children)]);
    expect(strip(res.body)).toEqual([
      ['Empty', 0, 0, []],
      ['Zone', 1, 3, [['Alpha', 1, 2, [['Deep', 1, 1, []]]]]],
    ]);
  });
});

describe('GET fleet/information', () => {
  it('answers the fleet name, settings and counts', async () => {
    const res = await api.get('fleet/information');
    expect(res.status).toBe(200);
    expectShape(FleetInformationSchema, res.body);
    expect(res.body).toMatchObject({
      name: fleetName,
      totalBikes: 5,
      availability: { AVAILABLE: 3, IN_OPERATION: 0, TRANSIT: 1, OUT: 1 },
      status: { PARKED: 4, MOVING: 1 },
      modes: { NAVIGATION: 1, STANDBY: 3, UNKNOWN: 1, STORAGE: 0 },
      warnings: { REPORTED_THEFT: 1, LACK_MODULE_COMM: 4 },
      settings: { lowVehicleBatteryPercent: 20, lackOfCommunicationHours: 168, co2KgPerKm: 0.12 },
    });
  });
});

describe('GET fleet/statistics', () => {
  it('counts the SPEC §4 buckets at their edges, and the totals', async () => {
    await createTrip(t, bikes[0]!, new Date(NOW.getTime() - 2 * DAY));
    await createTrip(t, bikes[1]!, new Date(NOW.getTime() - 2 * DAY));
    await createTrip(t, foreign, new Date(NOW.getTime() - 2 * DAY));
    const res = await api.get('fleet/statistics');
    expect(res.status).toBe(200);
    expectShape(FleetStatisticsSchema, res.body);
    expect(res.body).toMatchObject({
      totalBikes: 5,
      lastCommunication: { upTo7Days: 1, from8To14Days: 2, from15Days: 1, never: 1 },
      bikeBattery: { from0To25: 1, from26To50: 1, from51To75: 1, from76To100: 1, unknown: 1 },
      iotBattery: { from0To25: 1, from26To50: 1, from51To75: 1, from76To100: 1, unknown: 1 },
      availability: { AVAILABLE: 3, OUT: 1, TRANSIT: 1, IN_OPERATION: 0 },
      status: { MOVING: 1, PARKED: 4 },
      modes: { NAVIGATION: 1, STANDBY: 3, UNKNOWN: 1 },
      totals: { km: 150.5, co2AvoidedKg: 18, trips: 2 },
    });
  });

  it('narrows every figure to a group and its descendants', async () => {
    // Alpha holds bikes[1] and, through Deep, bikes[2]
    const res = await api.get('fleet/statistics', { query: { groupId: alphaId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalBikes: 2,
      lastCommunication: { upTo7Days: 0, from8To14Days: 2, from15Days: 0, never: 0 },
      availability: { AVAILABLE: 0, OUT: 1, TRANSIT: 1, IN_OPERATION: 0 },
      totals: { km: 50.5, co2AvoidedKg: 6 },
    });
    const zone = await api.get('fleet/statistics', { query: { groupId: zoneId } });
    expect(zone.body.totalBikes).toBe(3);
    // a group of another fleet or a malformed id selects nothing / is refused
    const other = await api.get('fleet/statistics', {
      query: { groupId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.body.totalBikes).toBe(0);
    expect((await api.get('fleet/statistics', { query: { groupId: 'zone' } })).status).toBe(400);
  });
});

describe('GET fleet/statistics/traffic', () => {
  it('answers every hour of the period with trips, distance and active bikes', async () => {
    const start = new Date('2026-03-10T08:00:00Z');
    await createTrip(t, bikes[2]!, new Date('2026-03-10T08:10:00Z'), { distance_km: 2 });
    await createTrip(t, bikes[2]!, new Date('2026-03-10T08:40:00Z'), { distance_km: 3 });
    await createTrip(t, bikes[3]!, new Date('2026-03-10T09:59:59Z'), { distance_km: 4 });
    await createTrip(t, foreign, new Date('2026-03-10T08:30:00Z'), { distance_km: 50 });
    const res = await api.get('fleet/statistics/traffic', {
      query: { from: '2026-03-10T08:30:00Z', to: '2026-03-10T11:00:00Z', granularity: 'hour' },
    });
    expect(res.status).toBe(200);
    expectShape(TrafficSchema, res.body);
    expect(res.body.buckets).toEqual([
      { start: start.toISOString(), trips: 1, distanceKm: 3, activeBikes: 1 },
      { start: '2026-03-10T09:00:00.000Z', trips: 1, distanceKm: 4, activeBikes: 1 },
      { start: '2026-03-10T10:00:00.000Z', trips: 0, distanceKm: 0, activeBikes: 0 },
    ]);
    const days = await api.get('fleet/statistics/traffic', {
      query: { from: '2026-03-09T00:00:00Z', to: '2026-03-11T00:00:00Z' },
    });
    expect(days.body.granularity).toBe('day');
    expect(days.body.buckets).toEqual([
      { start: '2026-03-09T00:00:00.000Z', trips: 0, distanceKm: 0, activeBikes: 0 },
      { start: '2026-03-10T00:00:00.000Z', trips: 3, distanceKm: 9, activeBikes: 2 },
    ]);
  });

  it('counts only the trips of a group and its descendants', async () => {
    const res = await api.get('fleet/statistics/traffic', {
      query: {
        from: '2026-03-10T00:00:00Z',
        to: '2026-03-11T00:00:00Z',
        granularity: 'day',
        groupId: alphaId,
      },
    });
    expect(res.status).toBe(200);
    // bikes[2] (in Deep, under Alpha) rode 2 + 3 km; bikes[3] has no group
    expect(res.body.buckets).toEqual([
      { start: '2026-03-10T00:00:00.000Z', trips: 2, distanceKm: 5, activeBikes: 1 },
    ]);
  });

  it('defaults to the last 30 days', async () => {
    const res = await api.get('fleet/statistics/traffic');
    // the test clock keeps running from NOW
    expect(new Date(res.body.to).getTime() - NOW.getTime()).toBeLessThan(10 * 60_000);
    expect(res.body.buckets).toHaveLength(31);
  });

  it('refuses reversed, unbounded and malformed periods', async () => {
    const bad = [
      { from: '2026-03-10T00:00:00Z', to: '2026-03-09T00:00:00Z' },
      { from: '2026-03-10T00:00:00Z', to: '2026-03-10T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z', granularity: 'hour' },
      { from: '2020-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' },
      { from: 'yesterday' },
      { from: '2026-02-30T00:00:00Z' },
      { granularity: 'minute' },
    ];
    for (const query of bad) {
      const res = await api.get('fleet/statistics/traffic', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
  });
});

describe('GET fleet/chart', () => {
  it('answers a daily series with trips, distance, CO2 and alert events', async () => {
    await createEvent(t, bikes[0]!, { occurred_at: new Date('2026-03-10T07:00:00Z') });
    await createEvent(t, bikes[0]!, {
      name: 'THEFT_DECLARED',
      source: 'RIDER',
      occurred_at: new Date('2026-03-10T07:30:00Z'),
    });
    await createEvent(t, foreign, { occurred_at: new Date('2026-03-10T07:00:00Z') });
    const res = await api.get('fleet/chart', {
      query: { from: '2026-03-10T00:00:00Z', to: '2026-03-12T00:00:00Z' },
    });
    expect(res.status).toBe(200);
    expectShape(ChartSchema, res.body);
    expect(res.body.days).toEqual([
      {
        date: '2026-03-10',
        trips: 3,
        distanceKm: 9,
        durationMinutes: 60,
        co2AvoidedKg: expect.closeTo(1.08, 6),
        activeBikes: 2,
        alarms: 1,
        theftsDeclared: 1,
      },
      {
        date: '2026-03-11',
        trips: 0,
        distanceKm: 0,
        durationMinutes: 0,
        co2AvoidedKg: 0,
        activeBikes: 0,
        alarms: 0,
        theftsDeclared: 0,
      },
    ]);
  });

  it('narrows trips and events to a group and its descendants', async () => {
    const res = await api.get('fleet/chart', {
      query: { from: '2026-03-10T00:00:00Z', to: '2026-03-11T00:00:00Z', groupId: alphaId },
    });
    expect(res.status).toBe(200);
    // the alarm and the theft were of bikes[0], in Zone but not in Alpha
    expect(res.body.days[0]).toMatchObject({
      trips: 2,
      distanceKm: 5,
      alarms: 0,
      theftsDeclared: 0,
    });
    const zone = await api.get('fleet/chart', {
      query: { from: '2026-03-10T00:00:00Z', to: '2026-03-11T00:00:00Z', groupId: zoneId },
    });
    expect(zone.body.days[0]).toMatchObject({ trips: 2, alarms: 1, theftsDeclared: 1 });
  });

  it('refuses periods over a year', async () => {
    const res = await api.get('fleet/chart', {
      query: { from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(400);
  });
});
