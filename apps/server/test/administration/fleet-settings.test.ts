// fleet/settings (docs/architecture.md, DESIGN §7): an administrator reads and changes the
// fleet's warning thresholds and CO2 factor; the change moves bikes in and out of warnings at
// once, is an audited event, stays in the caller's fleet; a manager is refused; bad input → 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetSettingsSchema } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithUsers, twoFleets, type FleetCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';

let t: TestServer, cast: FleetCast, other: FleetCast;
beforeAll(async () => {
  ({ t, cast, other } = await twoFleets(createFleetWithUsers));
  await createBike(t, cast.fleet, { vehicle_number: 'SET-1', bike_battery_level: 25 });
});
afterAll(() => t.close());

const admin = () => t.api({ token: cast.adminToken });
const manager = () => t.api({ token: cast.managerToken });
const otherAdmin = () => t.api({ token: other.adminToken });

describe('fleet/settings', () => {
  it('reads the defaults of DESIGN §7', async () => {
    const res = await admin().get('fleet/settings');
    expect(res.status, res.text).toBe(200);
    expectShape(FleetSettingsSchema, res.body);
    expect(res.body).toEqual({
      lowVehicleBatteryPercent: 20,
      lowModuleBatteryPercent: 20,
      lackOfCommunicationHours: 168,
      co2KgPerKm: 0.12,
      noParkingGraceMinutes: 15,
    });
  });

  it('a change moves a bike into a low-battery warning at once, and is audited', async () => {
    const before = await admin().get('products/warnings', {
      query: { type: 'LOW_VEHICLE_BATTERY' },
    });
    expect(before.body.totalElements).toBe(0);
    const res = await admin().put('fleet/settings', { lowVehicleBatteryPercent: 30 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.lowVehicleBatteryPercent).toBe(30);
    const after = await admin().get('products/warnings', {
      query: { type: 'LOW_VEHICLE_BATTERY' },
    });
    expect(after.body.content.map((b: { vehicleNumber: string }) => b.vehicleNumber)).toEqual([
      'SET-1',
    ]);
    const information = await manager().get('fleet/information');
    expect(information.body.settings.lowVehicleBatteryPercent).toBe(30);

    const [event] = await t.server.database.query<{
      name: string;
      user_email: string;
      data: unknown;
    }>(
      `SELECT name, user_email, data FROM event WHERE fleet_id = $1 AND name = 'FLEET_SETTINGS_CHANGED'`,
      [cast.fleet.id],
    );
    expect(event).toMatchObject({
      user_email: expect.stringContaining('@'),
      data: { from: { lowVehicleBatteryPercent: 20 }, to: { lowVehicleBatteryPercent: 30 } },
    });
  });

  it("changes only the caller's fleet", async () => {
    const other = await otherAdmin().get('fleet/settings');
    expect(other.body.lowVehicleBatteryPercent).toBe(20);
  });

  it('refuses a manager, and bad input with a 400 that changes nothing', async () => {
    expect((await manager().put('fleet/settings', { co2KgPerKm: 1 })).status).toBe(403);
    expect((await manager().get('fleet/settings')).status).toBe(403);
    for (const body of [
      {},
      { lowVehicleBatteryPercent: 0 },
      { lowVehicleBatteryPercent: 100 },
      { lackOfCommunicationHours: 1.5 },
      { co2KgPerKm: -1 },
      { co2KgPerKm: 'a lot' },
      { noParkingGraceMinutes: 0 },
      { noParkingGraceMinutes: 1441 },
      { fleetId: 'x' },
    ]) {
      const res = await admin().put('fleet/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const now = await admin().get('fleet/settings');
    expect(now.body).toMatchObject({ lowVehicleBatteryPercent: 30, co2KgPerKm: 0.12 });
  });
});
