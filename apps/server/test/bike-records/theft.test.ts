// products/theft (DESIGN §7): a report remembers availability and mode, takes the bike out of
// service, sends a PERMANENT mode command through the outbox, clears a suspicion and raises
// THEFT_DECLARED; a cancellation restores both and raises THEFT_CANCELLED; 409 when the state
// does not allow it; 404 for another fleet's bike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TheftResultSchema } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers, type FleetRow } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let api: ApiClient;
let email: string;
let foreign: BikeRow;
let fleetA: FleetRow;

const bikeRow = async (bike: BikeRow) =>
  (
    await t.server.database.query<Record<string, unknown>>(
      `SELECT availability, iot_mode, mode_pending, theft_state, theft_by, theft_since,
              theft_previous_availability, theft_previous_mode, suspected_theft_since
         FROM bike WHERE id = $1`,
      [bike.id],
    )
  )[0]!;
const commandsOf = (bike: BikeRow) =>
  t.server.database.query<Record<string, unknown>>(
    `SELECT id, type, value, status, requested_by, expires_at - requested_at AS ttl
       FROM command WHERE bike_id = $1 ORDER BY requested_at, value`,
    [bike.id],
  );
const eventsOf = (bike: BikeRow) =>
  t.server.database.query<Record<string, unknown>>(
    'SELECT name, source, user_email, data FROM event WHERE bike_id = $1 ORDER BY id',
    [bike.id],
  );

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  email = a.manager.email;
  fleetA = a.fleet;
  foreign = await createBike(t, b.fleet);
});
afterAll(() => t.close());

const newBike = (columns: Record<string, unknown> = {}) => createBike(t, fleetA, columns);

describe('POST products/theft/{vn}', () => {
  it('reports the theft and switches the module to PERMANENT through the outbox', async () => {
    const bike = await newBike({
      availability: 'IN_OPERATION',
      iot_mode: 'STORAGE',
      theft_state: 'SUSPECTED',
      suspected_theft_since: new Date(),
    });
    const commandNotices: string[] = [];
    const fleetNotices: string[] = [];
    const stopCommands = await t.server.database.listen('vfm_command', (id) =>
      commandNotices.push(id),
    );
    const stopFleet = await t.server.database.listen('vfm_fleet', (p) => fleetNotices.push(p));

    const res = await api.post(`products/theft/${bike.vehicleNumber.toLowerCase()}`);
    expect(res.status).toBe(200);
    expectShape(TheftResultSchema, res.body);
    expect(res.body).toMatchObject({
      vehicleNumber: bike.vehicleNumber,
      theft: { state: 'REPORTED', by: email },
      availability: 'OUT',
    });
    expect(await bikeRow(bike)).toMatchObject({
      availability: 'OUT',
      theft_state: 'REPORTED',
      theft_by: email,
      theft_previous_availability: 'IN_OPERATION',
      theft_previous_mode: 'STORAGE',
      suspected_theft_since: null,
      mode_pending: true,
    });
    const [command] = await commandsOf(bike);
    expect(command).toMatchObject({
      id: res.body.commandId,
      type: 'MODE',
      value: 'PERMANENT',
      status: 'PENDING',
      requested_by: email,
    });
    // DESIGN §7: the mode command is itself an event of the audit trail, then the theft
    expect(await eventsOf(bike)).toEqual([
      {
        name: 'MODE_CHANGED',
        source: 'MANAGER',
        user_email: email,
        data: { commandId: command!.id, type: 'MODE', value: 'PERMANENT' },
      },
      {
        name: 'THEFT_DECLARED',
        source: 'MANAGER',
        user_email: email,
        data: {
          previousAvailability: 'IN_OPERATION',
          previousMode: 'STORAGE',
          commandId: command!.id,
        },
      },
    ]);
    await expect.poll(() => commandNotices).toEqual([command!.id]);
    // the report's own notice; the alert the theft raises may be told first (its own notice)
    await expect
      .poll(() => fleetNotices.map((notice) => JSON.parse(notice) as unknown))
      .toContainEqual({
        fleetId: bike.fleetId,
        kinds: ['bike', 'warning', 'command', 'event'],
      });
    await stopCommands();
    await stopFleet();
  });

  it('answers 409 when the theft is already reported, and changes nothing', async () => {
    const bike = await newBike();
    expect((await api.post(`products/theft/${bike.vehicleNumber}`)).status).toBe(200);
    const again = await api.post(`products/theft/${bike.vehicleNumber}`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('THEFT_REPORTED');
    expect(await commandsOf(bike)).toHaveLength(1);
    expect(await eventsOf(bike)).toHaveLength(2); // MODE_CHANGED + THEFT_DECLARED, once
  });

  it('reports a bike without module without sending a command', async () => {
    const bike = await newBike({ module_id: null });
    const res = await api.post(`products/theft/${bike.vehicleNumber}`);
    expect(res.status).toBe(200);
    expect(res.body.commandId).toBeNull();
    expect(await commandsOf(bike)).toEqual([]);
  });

  it('is a 404 for another fleet’s bike', async () => {
    const res = await api.post(`products/theft/${foreign.vehicleNumber}`);
    expect(res.status).toBe(404);
    expect(res.body.missing).toEqual([foreign.vehicleNumber]);
    expect((await bikeRow(foreign)).theft_state).toBe('NONE');
  });
});

describe('DELETE products/theft/{vn}', () => {
  it('restores availability and mode and raises THEFT_CANCELLED', async () => {
    const bike = await newBike({ availability: 'TRANSIT', iot_mode: 'LOW_POWER' });
    await api.post(`products/theft/${bike.vehicleNumber}`);
    const res = await api.delete(`products/theft/${bike.vehicleNumber}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      theft: { state: 'NONE', since: null, by: null },
      availability: 'TRANSIT',
    });
    expect(await bikeRow(bike)).toMatchObject({
      availability: 'TRANSIT',
      theft_state: 'NONE',
      theft_previous_availability: null,
      theft_previous_mode: null,
    });
    const commands = await commandsOf(bike);
    expect(commands.map((c) => c.value)).toEqual(['PERMANENT', 'LOW_POWER']);
    expect(commands[1]!.id).toBe(res.body.commandId);
    const events = await eventsOf(bike);
    expect(events.map((e) => [e.name, e.source, e.user_email])).toEqual([
      ['MODE_CHANGED', 'MANAGER', email],
      ['THEFT_DECLARED', 'MANAGER', email],
      ['MODE_CHANGED', 'MANAGER', email],
      ['THEFT_CANCELLED', 'MANAGER', email],
    ]);
    expect(events[3]!.data).toMatchObject({
      restoredAvailability: 'TRANSIT',
      restoredMode: 'LOW_POWER',
    });
  });

  it('keeps an availability set by the manager during the theft', async () => {
    const bike = await newBike({ availability: 'AVAILABLE' });
    await api.post(`products/theft/${bike.vehicleNumber}`);
    await api.put('products/availability', undefined, {
      query: { vehicleNumbers: [bike.vehicleNumber], availability: 'IN_OPERATION' },
    });
    const res = await api.delete(`products/theft/${bike.vehicleNumber}`);
    expect(res.body.availability).toBe('IN_OPERATION');
  });

  it('sends no command when the mode before the theft was unknown or PERMANENT', async () => {
    for (const mode of [null, 'PERMANENT']) {
      const bike = await newBike({ iot_mode: mode });
      await api.post(`products/theft/${bike.vehicleNumber}`);
      const res = await api.delete(`products/theft/${bike.vehicleNumber}`);
      expect(res.body.commandId).toBeNull();
      expect(await commandsOf(bike)).toHaveLength(1);
    }
  });

  it('answers 409 when no theft is reported', async () => {
    const bike = await newBike({ theft_state: 'SUSPECTED' });
    const res = await api.delete(`products/theft/${bike.vehicleNumber}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('THEFT_NOT_REPORTED');
    expect((await bikeRow(bike)).theft_state).toBe('SUSPECTED');
  });

  it('is a 404 for another fleet’s bike', async () => {
    await t.server.database.query("UPDATE bike SET theft_state = 'REPORTED' WHERE id = $1", [
      foreign.id,
    ]);
    expect((await api.delete(`products/theft/${foreign.vehicleNumber}`)).status).toBe(404);
    expect((await bikeRow(foreign)).theft_state).toBe('REPORTED');
  });
});
