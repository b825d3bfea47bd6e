// The zones' alerts (docs/zones.md): the zones' placement (`zones.place`) places every bike of a
// fleet with zones by its last position, and the alerts' sweep opens OUTSIDE_SERVICE_AREA and IN_NO_RIDE_ZONE alerts, which clear when the
// bike comes back (or the zone goes); the fleet list filters the bikes outside the service area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAlerts } from '../../src/modules/alerts/service';
import { placeFleets } from '../../src/modules/zones/placement';
import { createBike } from '../helpers/bikes';
import { waitFor } from '../helpers/mqtt';
import { createFleetWithUsers } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import type { ApiClient } from '../helpers/api-client';
import { drawZone } from '../helpers/zones';

let t: TestServer;
let manager: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestServer();
  const cast = await createFleetWithUsers(t);
  manager = t.api({ token: cast.managerToken });
  admin = t.api({ token: cast.adminToken });
  await createBike(t, cast.fleet, { vehicle_number: 'ZA-IN', latitude: 45.75, longitude: 4.85 });
  await createBike(t, cast.fleet, { vehicle_number: 'ZA-OUT', latitude: 46.5, longitude: 4.85 });
  await createBike(t, cast.fleet, {
    vehicle_number: 'ZA-NORIDE',
    latitude: 45.71,
    longitude: 4.81,
  });
  // parked in the no-parking zone for 20 minutes, for 1 minute, and riding through it
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const at = { latitude: 45.655, longitude: 4.755, status: 'PARKED' };
  await createBike(t, cast.fleet, {
    vehicle_number: 'ZA-PARK-20',
    ...at,
    last_position_date: ago(20),
  });
  await createBike(t, cast.fleet, {
    vehicle_number: 'ZA-PARK-1',
    ...at,
    last_position_date: ago(1),
  });
  await createBike(t, cast.fleet, {
    vehicle_number: 'ZA-RIDE',
    ...at,
    status: 'MOVING',
    last_position_date: ago(20),
  });
  // another fleet's bike far away: no zone of its own, never an alert
  const other = await createFleetWithUsers(t);
  await createBike(t, other.fleet, { vehicle_number: 'ZA-OTHER', latitude: 10, longitude: 10 });
});
afterAll(() => t.close());

/** the minute's placement, then the alerts' sweep (the test runs both itself: no worker) */
const sweep = async () => {
  await placeFleets(t.server.database, t.server.jobs, null, new Date());
  return sweepAlerts(t.server.database, t.server.jobs, new Date());
};
const activeKinds = async (vehicleNumber: string) =>
  (
    (await manager.get('alerts', { query: { vehicleNumber } })).body.content as Array<{
      kind: string;
    }>
  )
    .map((alert) => alert.kind)
    .sort();

describe('zone alerts', () => {
  it('opens "outside the service area" and "in a no-ride zone" from the bikes positions', async () => {
    const area = await drawZone(manager, 'Area', 'SERVICE_AREA', [4.7, 45.6, 0.3]);
    const noRide = await drawZone(manager, 'Parc', 'NO_RIDE', [4.8, 45.7, 0.02]);
    const noParking = await drawZone(manager, 'Quai', 'NO_PARKING', [4.75, 45.65, 0.01]);
    await sweep();
    expect(await activeKinds('ZA-IN')).toEqual([]);
    expect(await activeKinds('ZA-OUT')).toEqual(['OUTSIDE_SERVICE_AREA']);
    expect(await activeKinds('ZA-NORIDE')).toEqual(['IN_NO_RIDE_ZONE']);
    // parked longer than the grace; not yet; riding through is no parking
    expect(await activeKinds('ZA-PARK-20')).toEqual(['PARKED_IN_NO_PARKING']);
    expect(await activeKinds('ZA-PARK-1')).toEqual([]);
    expect(await activeKinds('ZA-RIDE')).toEqual([]);
    const alert = (await manager.get('alerts', { query: { vehicleNumber: 'ZA-OUT' } })).body
      .content[0];
    expect(alert).toMatchObject({ severity: 'MAJOR', state: 'OPEN' });
    // a second sweep changes nothing
    await sweep();
    expect(await activeKinds('ZA-OUT')).toEqual(['OUTSIDE_SERVICE_AREA']);

    const list = await manager.get('fleet/list', { query: { zone: 'OUTSIDE_SERVICE_AREA' } });
    expect(list.status, list.text).toBe(200);
    expect(list.body.content.map((b: { vehicleNumber: string }) => b.vehicleNumber)).toEqual([
      'ZA-OUT',
    ]);
    // the bikes standing in a given zone: every zone places, whatever its type
    const numbers = async (zoneId: string[]) => {
      const res = await manager.get('fleet/list', { query: { zoneId, sort: 'vehicleNumber,asc' } });
      expect(res.status, res.text).toBe(200);
      return res.body.content.map((b: { vehicleNumber: string }) => b.vehicleNumber);
    };
    expect(await numbers([noRide])).toEqual(['ZA-NORIDE']);
    expect(await numbers([noParking])).toEqual(['ZA-PARK-1', 'ZA-PARK-20', 'ZA-RIDE']);
    expect(await numbers([noRide, noParking])).toHaveLength(4);
    expect((await numbers([area])).sort()).toEqual(
      ['ZA-IN', 'ZA-NORIDE', 'ZA-PARK-1', 'ZA-PARK-20', 'ZA-RIDE'].sort(),
    );
    const bad = await manager.get('fleet/list', { query: { zoneId: 'not-a-zone' } });
    expect(bad.status).toBe(400);
  });

  it("opens the no-parking alert after the fleet's own grace, at once when it changes", async () => {
    const shorter = await admin.put('fleet/settings', { noParkingGraceMinutes: 1 });
    expect(shorter.status, shorter.text).toBe(200);
    // the change sends a sweep; the test runs it itself (no worker to wait for)
    await sweep();
    expect(await activeKinds('ZA-PARK-1')).toEqual(['PARKED_IN_NO_PARKING']);
    expect((await admin.put('fleet/settings', { noParkingGraceMinutes: 15 })).status).toBe(200);
    await sweep();
    expect(await activeKinds('ZA-PARK-1')).toEqual([]);
  });

  it('clears when the bike is back in the service area, and when the zone is deleted', async () => {
    await t.server.database.query(
      `UPDATE bike SET latitude = 45.75 WHERE vehicle_number = 'ZA-OUT'`,
    );
    await sweep();
    expect(await activeKinds('ZA-OUT')).toEqual([]);
    const cleared = await manager.get('alerts', {
      query: { vehicleNumber: 'ZA-OUT', state: 'CLEARED' },
    });
    expect(cleared.body.content[0]).toMatchObject({
      kind: 'OUTSIDE_SERVICE_AREA',
      clearCause: 'CONDITION_ENDED',
    });

    const zones = (await manager.get('zones')).body.content as Array<{ id: string; name: string }>;
    for (const zone of zones) expect((await manager.delete(`zones/${zone.id}`)).status).toBe(204);
    await sweep();
    expect(await activeKinds('ZA-NORIDE')).toEqual([]);
  });

  it('places the fleet’s bikes as soon as a zone is drawn, without waiting for the minute', async () => {
    // the zone change is a fact (zone.changed): the zones' queue places the fleet's bikes and
    // each bike whose marks changed reaches the alerts (bike.zones-changed) through the worker
    const zone = await drawZone(manager, 'Place', 'NO_RIDE', [4.85, 45.75, 0.01]);
    await waitFor(async () => (await activeKinds('ZA-IN')).includes('IN_NO_RIDE_ZONE'));
    const [row] = await t.server.database.query<{ no_ride_zone_since: Date | null }>(
      `SELECT no_ride_zone_since FROM bike WHERE vehicle_number = 'ZA-IN'`,
    );
    expect(row?.no_ride_zone_since).not.toBeNull();
    expect((await manager.delete(`zones/${zone}`)).status).toBe(204);
    await waitFor(async () => (await activeKinds('ZA-IN')).length === 0);
  });
});
