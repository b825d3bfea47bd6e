// fleet/markers (SPEC §7, ADR 0021): flags default to true, OR-ed within a group and AND-ed
// across groups; compact columnar payload with packed states; ETag and 304; fleet scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKER_COORDINATE_SCALE,
  MarkersSchema,
  decodeMarkerState,
  type Markers,
} from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { createGroup } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';
import { FleetChanges } from '../../src/modules/bikes/fleet-changes';

let t: TestServer;
let api: ApiClient;
let groupId: string;

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  const group = await createGroup(t, a.fleet, 'Centre');
  groupId = group.id;
  const bike = (vn: string, columns: Record<string, unknown>) =>
    createBike(t, a.fleet, { vehicle_number: vn, ...columns });
  await bike('M-PARKED', { latitude: 48.8566123, longitude: 2.3522987, group_id: group.id });
  await bike('M-MOVING', {
    status: 'MOVING',
    iot_mode: 'NAVIGATION',
    latitude: -33.86,
    longitude: 151.2,
  });
  await bike('M-STOLEN', { theft_state: 'REPORTED', availability: 'OUT', iot_mode: 'PERMANENT' });
  await bike('M-SUSPECT', {
    theft_state: 'SUSPECTED',
    availability: 'IN_OPERATION',
    bike_battery_level: 5,
  });
  await bike('M-TRANSIT', { availability: 'TRANSIT', iot_mode: null, status: 'MOVING' });
  await bike('M-NOWHERE', { latitude: null, longitude: null });
  await createBike(t, b.fleet, { vehicle_number: 'M-FOREIGN' });
});
afterAll(() => t.close());

async function markers(query: Record<string, string | boolean> = {}, headers = {}) {
  const res = await api.get('fleet/markers', { query, headers });
  return res;
}
async function decoded(query: Record<string, string | boolean> = {}) {
  const res = await markers(query);
  expect(res.status).toBe(200);
  expectShape(MarkersSchema, res.body);
  const body = res.body as Markers;
  return body.vehicleNumber.map((vn, i) => ({
    vn,
    latitude: body.latitude[i]! / MARKER_COORDINATE_SCALE,
    longitude: body.longitude[i]! / MARKER_COORDINATE_SCALE,
    group: body.group[i] === null ? null : body.groups[body.group[i]!],
    ...decodeMarkerState(body.state[i]!),
  }));
}
const names = (list: Array<{ vn: string }>) => list.map((m) => m.vn).sort();

describe('GET fleet/markers', () => {
  it('answers every positioned bike of the fleet, columnar, with decodable states', async () => {
    const all = await decoded();
    expect(names(all)).toEqual(['M-MOVING', 'M-PARKED', 'M-STOLEN', 'M-SUSPECT', 'M-TRANSIT']);
    const byVn = Object.fromEntries(all.map((m) => [m.vn, m]));
    expect(byVn['M-PARKED']).toEqual({
      vn: 'M-PARKED',
      latitude: 48.85661,
      longitude: 2.3523,
      group: groupId,
      warnings: [],
      status: 'PARKED',
      availability: 'AVAILABLE',
      theft: 'NONE',
      iotMode: 'STANDBY',
    });
    expect(byVn['M-MOVING']).toMatchObject({ latitude: -33.86, longitude: 151.2, group: null });
    expect(byVn['M-STOLEN']).toMatchObject({
      theft: 'REPORTED',
      availability: 'OUT',
      iotMode: 'PERMANENT',
      warnings: ['REPORTED_THEFT'],
    });
    expect(byVn['M-SUSPECT']).toMatchObject({
      theft: 'SUSPECTED',
      availability: 'IN_OPERATION',
      warnings: ['SUSPECTED_THEFT', 'LOW_VEHICLE_BATTERY'],
    });
    expect(byVn['M-TRANSIT']).toMatchObject({ iotMode: null, status: 'MOVING' });
  });

  it('ORs the flags of one group and ANDs the groups', async () => {
    expect(names(await decoded({ isNotReportedOrSuspectedTheft: false }))).toEqual([
      'M-STOLEN',
      'M-SUSPECT',
    ]);
    expect(
      names(await decoded({ isNotReportedOrSuspectedTheft: false, isSuspectedTheft: false })),
    ).toEqual(['M-STOLEN']);
    expect(names(await decoded({ isParked: false }))).toEqual(['M-MOVING', 'M-TRANSIT']);
    expect(names(await decoded({ isParked: false, inTransit: false }))).toEqual(['M-MOVING']);
    expect(
      names(await decoded({ isAvailable: false, isInOperation: false, isMoving: false })),
    ).toEqual(['M-STOLEN']);
    // every flag of a group off: nothing can match
    expect(await decoded({ isParked: false, isMoving: false })).toEqual([]);
    expect(names(await decoded({ groupId }))).toEqual(['M-PARKED']);
  });

  it('applies the filters of the list too, so map and list show the same bikes', async () => {
    expect(names(await decoded({ q: 'stol' }))).toEqual(['M-STOLEN']);
    expect(names(await decoded({ mode: 'PERMANENT' }))).toEqual(['M-STOLEN']);
    expect(names(await decoded({ warning: 'LOW_VEHICLE_BATTERY' }))).toEqual(['M-SUSPECT']);
    expect(names(await decoded({ availability: 'TRANSIT', status: 'MOVING' }))).toEqual([
      'M-TRANSIT',
    ]);
    // list filters AND-ed with the SPEC §7 flags
    expect(await decoded({ mode: 'PERMANENT', isReportedTheft: false })).toEqual([]);
    const bad = await markers({ mode: 'FLYING' });
    expect(bad.status).toBe(400);
  });

  it('sends an ETag and answers 304 to If-None-Match until something changes', async () => {
    const first = await markers();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await markers({}, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await markers({}, { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304);
    // other flags, other payload, other tag
    const filtered = await markers({ isMoving: false }, { 'if-none-match': etag });
    expect(filtered.status).toBe(200);
    expect(filtered.headers.get('etag')).not.toBe(etag);
    await t.server.database.query(
      "UPDATE bike SET latitude = 45.0, updated_at = now() WHERE vehicle_number = 'M-PARKED'",
    );
    const changed = await markers({}, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('changes its ETag with what markers are built from: settings, groups, time', async () => {
    const [row] = await t.server.database.query<{ fleet_id: string }>(
      "SELECT fleet_id FROM bike WHERE vehicle_number = 'M-PARKED'",
    );
    const fleetId = row!.fleet_id;
    const etagNow = async () => (await markers()).headers.get('etag')!;
    const before = await etagNow();
    // another fleet's change is not this fleet's
    await t.server.database.query(
      "UPDATE bike SET latitude = 1, updated_at = now() WHERE vehicle_number = 'M-FOREIGN'",
    );
    expect(await etagNow()).toBe(before);
    // the low-battery threshold colours the markers
    await t.server.database.query(
      'UPDATE fleet SET low_vehicle_battery_percent = low_vehicle_battery_percent + 1 WHERE id = $1',
      [fleetId],
    );
    const afterSettings = await etagNow();
    expect(afterSettings).not.toBe(before);
    await createGroup(t, { id: fleetId } as never, 'Another group');
    const afterGroup = await etagNow();
    expect(afterGroup).not.toBe(afterSettings);
    // a bike falls silent with time alone: past the fleet's delay the tag changes
    await t.server.database.query(
      `UPDATE bike SET last_communication_date = now() - interval '167 hours 59 minutes 58 seconds',
              updated_at = now()
        WHERE fleet_id = $1`,
      [fleetId],
    );
    const fresh = await etagNow();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await etagNow()).not.toBe(fresh);
  });

  it('changes its ETag with each change notice, from the fleet’s sequence in the database', async () => {
    const [row] = await t.server.database.query<{ fleet_id: string }>(
      "SELECT fleet_id FROM bike WHERE vehicle_number = 'M-PARKED'",
    );
    const fleetId = row!.fleet_id;
    const seq = async () =>
      (
        await t.server.database.query<{ seq: string }>(
          'SELECT seq::text FROM fleet_change WHERE fleet_id = $1',
          [fleetId],
        )
      )[0]?.seq ?? '0';
    const etagNow = async () => (await markers()).headers.get('etag')!;
    const before = await etagNow();
    const seqBefore = Number(await seq());
    // a transaction that commits after a newer one: its updated_at is older than the newest
    await t.server.database.transaction(async (tx) => {
      await tx.query(
        `UPDATE bike SET latitude = 44.5, updated_at = now() - interval '1 hour'
          WHERE vehicle_number = 'M-PARKED'`,
      );
      await new FleetChanges().add(fleetId, 'bike').notify(tx);
    });
    expect(Number(await seq())).toBe(seqBefore + 1);
    const after = await etagNow();
    expect(after).not.toBe(before);
    expect((await markers({}, { 'if-none-match': after })).status).toBe(304);
    // a rolled-back change bumps nothing
    await t.server.database
      .transaction(async (tx) => {
        await new FleetChanges().add(fleetId, 'bike').notify(tx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(Number(await seq())).toBe(seqBefore + 1);
    expect(await etagNow()).toBe(after);
    // an alert opened or a task taken leaves the markers as they were: every open map keeps
    // its copy (and a sweep between two requests does not change the tag)
    await t.server.database.transaction(async (tx) => {
      await new FleetChanges().add(fleetId, 'alert', 'task').notify(tx);
    });
    expect(Number(await seq())).toBe(seqBefore + 1);
    expect(await etagNow()).toBe(after);
  });

  it('escapes frame numbers that would break the JSON (bad data never yields broken JSON)', async () => {
    await t.server.database.query(
      // every writer of a bike sets updated_at (the change notification contract)
      `UPDATE bike SET vehicle_number = 'M-"Q\\uote', updated_at = now()
        WHERE vehicle_number = 'M-TRANSIT'`,
    );
    const all = await decoded();
    expect(names(all)).toContain('M-"Q\\uote');
    await t.server.database.query(
      `UPDATE bike SET vehicle_number = 'M-TRANSIT', updated_at = now()
        WHERE vehicle_number = 'M-"Q\\uote'`,
    );
  });

  it('compresses the payload for clients that accept it', async () => {
    const [row] = await t.server.database.query<{ fleet_id: string }>(
      "SELECT fleet_id FROM bike WHERE vehicle_number = 'M-PARKED'",
    );
    // above the compression threshold
    await t.server.database.query(
      `INSERT INTO bike (fleet_id, vehicle_number, bike_code, latitude, longitude)
       SELECT $1, 'ZIP-' || i, 'ZIPC-' || i, 45, 5 FROM generate_series(1, 200) i`,
      [row!.fleet_id],
    );
    for (const encoding of ['gzip', 'br']) {
      const res = await markers({}, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expectShape(MarkersSchema, res.body);
      expect(res.body.count).toBe(205);
    }
    await t.server.database.query("DELETE FROM bike WHERE vehicle_number LIKE 'ZIP-%'");
  });

  it('refuses flags that are not booleans and unknown parameters', async () => {
    const bad: Array<Record<string, string>> = [
      { isParked: 'maybe' },
      { groupId: 'x' },
      { isStolen: 'true' },
    ];
    for (const query of bad) {
      expect((await markers(query)).status, JSON.stringify(query)).toBe(400);
    }
  });
});
