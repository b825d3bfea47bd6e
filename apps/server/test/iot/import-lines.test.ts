// The line-by-line import path (a batch's fallback when another import changed the same bikes
// meanwhile; the demo fleet's provisioning): each line under its own savepoint, so a line that
// meets a unique index is reported and the others are applied, with their audit events, module
// credentials and groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import { count } from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import {
  provisionVehicles,
  type VehicleLine,
} from '../../src/modules/provisioning/provisioning-service';

let t: TestServer, cast: FleetCast;
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithUsers)));
afterAll(() => t.close());

const line = (n: number, fields: Omit<VehicleLine, 'line' | 'model'>): VehicleLine => ({
  line: n,
  model: 'City 28',
  ...fields,
});

const provision = (lines: VehicleLine[]) =>
  t.server.database.transaction((tx) =>
    provisionVehicles(tx, {
      fleetId: cast.fleet.id,
      actorEmail: cast.admin.email,
      lines,
      now: new Date(),
    }),
  );

describe('provisionVehicles', () => {
  it('applies each line alone: a conflicting line is reported, the others are written', async () => {
    const first = await provision([
      line(2, { vehicleNumber: 'LINE-A', bikeCode: 'LINE-CA', moduleId: 'W00001', group: 'Depot' }),
      line(3, { vehicleNumber: 'LINE-B', bikeCode: 'LINE-CB', moduleId: null, group: 'depot' }),
    ]);
    expect(first).toMatchObject({ created: 2, updated: 0, errors: [] });
    expect(first.modules.map((m) => m.moduleId)).toEqual(['W00001']);
    expect(await count(t, 'fleet_group WHERE fleet_id = $1', [cast.fleet.id])).toBe(1);

    const second = await provision([
      // re-paired: W00001 unpaired and revoked, W00002 paired with a new secret
      line(2, { vehicleNumber: 'LINE-A', bikeCode: 'LINE-CA', moduleId: 'W00002', group: null }),
      // LINE-CA is LINE-A's: refused alone
      line(3, { vehicleNumber: 'LINE-C', bikeCode: 'line-ca', moduleId: null, group: 'Annex' }),
      line(4, { vehicleNumber: 'LINE-D', bikeCode: 'LINE-CD', moduleId: 'W00001', group: 'Annex' }),
    ]);
    expect(second).toMatchObject({
      created: 1,
      updated: 1,
      errors: [{ line: 3, message: 'bikeCode line-ca is already used by another bike' }],
    });
    expect(second.modules.map((m) => m.moduleId)).toEqual(['W00002', 'W00001']);

    const bikes = await t.server.database.query<{ vehicle_number: string; module_id: string }>(
      `SELECT b.vehicle_number, b.module_id FROM bike b WHERE b.fleet_id = $1 ORDER BY 1`,
      [cast.fleet.id],
    );
    expect(bikes).toEqual([
      { vehicle_number: 'LINE-A', module_id: 'W00002' },
      { vehicle_number: 'LINE-B', module_id: null },
      { vehicle_number: 'LINE-D', module_id: 'W00001' },
    ]);
    const events = await t.server.database.query<{ vehicle_number: string; name: string }>(
      `SELECT vehicle_number, name FROM event WHERE fleet_id = $1 AND name IN ('PAIRED', 'UNPAIRED')
        ORDER BY id`,
      [cast.fleet.id],
    );
    expect(events).toEqual([
      { vehicle_number: 'LINE-A', name: 'PAIRED' },
      { vehicle_number: 'LINE-A', name: 'UNPAIRED' },
      { vehicle_number: 'LINE-A', name: 'PAIRED' },
      { vehicle_number: 'LINE-D', name: 'PAIRED' },
    ]);
    // the group of the refused line was rolled back with it, and made again by the next line
    expect(await count(t, 'fleet_group WHERE fleet_id = $1', [cast.fleet.id])).toBe(2);
  });
});
