// fleet/list (DESIGN §5): server-side paging, sorting by every allow-listed column in both
// directions, text search, filters (availability, status, mode, warning, group with its
// descendants, assistance lock), the caller's fleet only, bad input → 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_LIST_SORT_FIELDS, FleetListPageSchema } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { createGroup } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let api: ApiClient;
const groups: Record<string, { id: string; name: string }> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  groups.north = await createGroup(t, a.fleet, 'North');
  groups.lille = await createGroup(t, a.fleet, 'Lille', groups.north);
  groups.south = await createGroup(t, a.fleet, 'South');
  const bikes: Array<[string, Record<string, unknown>]> = [
    [
      'L-01',
      {
        group_id: groups.north.id,
        availability: 'AVAILABLE',
        status: 'MOVING',
        iot_mode: 'NAVIGATION',
        bike_battery_level: 90,
        last_communication_date: new Date(Date.now() - 1 * DAY),
        total_km: 10,
        model: 'Cargo',
      },
    ],
    [
      'L-02',
      {
        group_id: groups.lille.id,
        availability: 'OUT',
        status: 'PARKED',
        iot_mode: 'STORAGE',
        bike_battery_level: 10,
        last_communication_date: new Date(Date.now() - 2 * DAY),
        total_km: 30,
        model: 'City',
      },
    ],
    [
      'L-03',
      {
        group_id: groups.south.id,
        availability: 'TRANSIT',
        status: 'PARKED',
        iot_mode: null,
        bike_battery_level: null,
        last_communication_date: null,
        total_km: 20,
        model: 'City',
        theft_state: 'REPORTED',
      },
    ],
    [
      'L-04',
      {
        group_id: null,
        availability: 'IN_OPERATION',
        status: 'PARKED',
        iot_mode: 'STANDBY',
        bike_battery_level: 50,
        last_communication_date: new Date(Date.now() - 3 * DAY),
        total_km: 0,
        model: 'Trek',
        bike_code: 'SPECIAL-CODE',
        assistance_locked: true,
      },
    ],
  ];
  for (const [vn, columns] of bikes)
    await createBike(t, a.fleet, { vehicle_number: vn, ...columns });
  await createBike(t, b.fleet, { vehicle_number: 'L-05', group_id: null });
});
afterAll(() => t.close());

const list = async (query: Record<string, string | number | string[]> = {}) => {
  const res = await api.get('fleet/list', { query });
  expect(res.status, res.text).toBe(200);
  expectShape(FleetListPageSchema, res.body);
  return res.body as { content: Array<Record<string, unknown>>; totalElements: number };
};
const numbers = (page: { content: Array<Record<string, unknown>> }) =>
  page.content.map((bike) => bike.vehicleNumber);

describe('GET fleet/list', () => {
  it('pages the fleet’s bikes, sorted by frame number by default', async () => {
    const first = await list({ size: 3 });
    expect(first).toMatchObject({ totalElements: 4, page: 0, size: 3 });
    expect(numbers(first)).toEqual(['L-01', 'L-02', 'L-03']);
    expect(numbers(await list({ size: 3, page: 1 }))).toEqual(['L-04']);
    expect(numbers(await list({ size: 3, page: 9 }))).toEqual([]);
    expect(first.content[1]).toMatchObject({
      group: { id: groups.lille!.id, name: 'Lille' },
      warnings: ['LOW_VEHICLE_BATTERY'],
      theft: 'NONE',
    });
  });

  it('sorts by last communication, never-communicated as the oldest', async () => {
    expect(numbers(await list({ sort: 'lastCommunicationDate,desc' }))).toEqual([
      'L-01',
      'L-02',
      'L-04',
      'L-03',
    ]);
    expect(numbers(await list({ sort: 'lastCommunicationDate,asc' }))).toEqual([
      'L-03',
      'L-04',
      'L-02',
      'L-01',
    ]);
  });

  it('sorts by every allow-listed column, both ways, as reverse orders of each other', async () => {
    for (const field of FLEET_LIST_SORT_FIELDS) {
      const asc = numbers(await list({ sort: `${field},asc` }));
      const desc = numbers(await list({ sort: `${field},desc` }));
      expect(asc, field).toHaveLength(4);
      expect(new Set(asc), field).toEqual(new Set(desc));
    }
    expect(numbers(await list({ sort: 'totalKm,desc' }))).toEqual(['L-02', 'L-03', 'L-01', 'L-04']);
    expect(numbers(await list({ sort: 'group' }))).toEqual(['L-04', 'L-02', 'L-01', 'L-03']);
  });

  it('refuses sort columns outside the allow-list and other bad input with a 400 problem', async () => {
    const bad = [
      { sort: 'password' },
      { sort: 'vehicle_number' },
      { sort: 'totalKm;DROP TABLE bike' },
      { sort: 'totalKm,sideways' },
      { size: 0 },
      { size: 1001 },
      { page: -1 },
      { availability: 'BROKEN' },
      { mode: 'FLYING' },
      { warning: 'FIRE' },
      { status: 'parked' },
      { groupId: 'not-a-uuid' },
      { q: 'x'.repeat(101) },
      { unknown: 'x' },
    ];
    for (const query of bad) {
      const res = await api.get('fleet/list', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
  });

  it('searches text in frame no., bike code, IoT code and model, case-insensitively', async () => {
    expect(numbers(await list({ q: 'l-0' }))).toEqual(['L-01', 'L-02', 'L-03', 'L-04']);
    expect(numbers(await list({ q: 'special' }))).toEqual(['L-04']);
    expect(numbers(await list({ q: 'cargo' }))).toEqual(['L-01']);
    expect(numbers(await list({ q: '%' }))).toEqual([]);
    expect(numbers(await list({ q: "' OR 1=1 --" }))).toEqual([]);
  });

  it('filters by availability, status, mode and warning (OR within, AND across)', async () => {
    expect(numbers(await list({ availability: ['OUT', 'TRANSIT'] }))).toEqual(['L-02', 'L-03']);
    expect(numbers(await list({ availability: 'OUT' }))).toEqual(['L-02']);
    expect(numbers(await list({ status: 'MOVING' }))).toEqual(['L-01']);
    expect(numbers(await list({ mode: ['STORAGE', 'STANDBY'] }))).toEqual(['L-02', 'L-04']);
    expect(numbers(await list({ warning: 'REPORTED_THEFT' }))).toEqual(['L-03']);
    expect(numbers(await list({ warning: ['REPORTED_THEFT', 'LOW_VEHICLE_BATTERY'] }))).toEqual([
      'L-02',
      'L-03',
    ]);
    expect(numbers(await list({ status: 'PARKED', availability: 'OUT' }))).toEqual(['L-02']);
    const filtered = await list({ status: 'PARKED', size: 1 });
    expect(filtered.totalElements).toBe(3);
  });

  it('filters by group including its descendants', async () => {
    expect(numbers(await list({ groupId: groups.north!.id }))).toEqual(['L-01', 'L-02']);
    expect(numbers(await list({ groupId: groups.lille!.id }))).toEqual(['L-02']);
    expect(numbers(await list({ groupId: [groups.lille!.id, groups.south!.id] }))).toEqual([
      'L-02',
      'L-03',
    ]);
    // a group of no fleet (or of another fleet) selects nothing
    expect(numbers(await list({ groupId: '00000000-0000-4000-8000-000000000000' }))).toEqual([]);
  });

  it('filters by assistance lock, either way', async () => {
    expect(numbers(await list({ locked: 'true' }))).toEqual(['L-04']);
    expect(numbers(await list({ locked: 'false' }))).toEqual(['L-01', 'L-02', 'L-03']);
    expect(numbers(await list({ locked: 'true', availability: 'AVAILABLE' }))).toEqual([]);
    const bad = await api.get('fleet/list', { query: { locked: 'maybe' } });
    expect(bad.status).toBe(400);
  });
});
