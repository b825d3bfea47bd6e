// The demo of `npm start` (DESIGN §2): simulated modules provisioned into "Demo
// Fleet", 30 days of history seeded once, live over MQTT with their own credentials, and
// answering commands like real modules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_USER } from '@vfm/contract';
import { createAccount, tokenFor } from '../helpers/factories';
import { count, startIotTestServer, waitFor } from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { DEMO_FLEET_NAME } from '../../src/demo/demo-fleet';

let t: TestServer;
let fleetId: string;

beforeAll(async () => {
  t = await startIotTestServer({ env: { DEMO: 'true', SIMULATOR_BIKES: '12' } });
  await t.server.simulation!.ready;
  const [fleet] = await t.server.database.query<{ id: string }>(
    'SELECT id FROM fleet WHERE name = $1',
    [DEMO_FLEET_NAME],
  );
  fleetId = fleet!.id;
}, 120_000);
afterAll(() => t.close());

describe('simulated demo fleet', () => {
  it('provisions the bikes with module credentials into leaf groups of Demo Fleet', async () => {
    expect(await count(t, 'bike WHERE fleet_id = $1', [fleetId])).toBe(12);
    expect(
      await count(t, 'module_credential m JOIN bike b ON b.id = m.bike_id WHERE b.fleet_id = $1', [
        fleetId,
      ]),
    ).toBe(12);
    expect(await count(t, 'bike WHERE fleet_id = $1 AND group_id IS NULL', [fleetId])).toBe(0);
  });

  it('seeds 30 days of history with usage figures, once', async () => {
    const [range] = await t.server.database.query<{ trips: number; oldest: Date }>(
      'SELECT count(*)::int AS trips, min(started_at) AS oldest FROM trip WHERE fleet_id = $1',
      [fleetId],
    );
    expect(range!.trips).toBeGreaterThan(12 * 20);
    expect(Date.now() - range!.oldest.getTime()).toBeGreaterThan(25 * 86_400_000);
    const [usage] = await t.server.database.query<Record<string, number>>(
      `SELECT min(total_trip_minutes) AS minutes, min(average_distance_per_day_km) AS per_day,
              min(co2_avoided_kg) AS co2 FROM bike WHERE fleet_id = $1`,
      [fleetId],
    );
    expect(usage!.minutes).toBeGreaterThan(0);
    expect(usage!.per_day).toBeGreaterThan(0);
    expect(usage!.co2).toBeGreaterThan(0);
    expect(
      await count(t, 'telemetry t JOIN bike b ON b.id = t.bike_id WHERE b.fleet_id = $1', [
        fleetId,
      ]),
    ).toBeGreaterThan(1000);
  });

  it('starts with a few warnings: a reported theft, low batteries, a silent module (docs/manager-tools.md)', async () => {
    const account = await createAccount(
      t,
      { id: fleetId, name: DEMO_FLEET_NAME },
      { roles: [ROLE_USER] },
    );
    const api = t.api({ token: await tokenFor(t, account) });
    // the history written: /readyz says so (the seed runs while the server answers)
    expect(t.server.simulation!.historySeeded).toBe(true);
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    const res = await api.get('products/warnings', { query: { size: 50 } });
    expect(res.status).toBe(200);
    const { counts } = res.body as { counts: Record<string, number> };
    expect(counts.REPORTED_THEFT).toBe(1);
    expect(counts.LOW_VEHICLE_BATTERY).toBeGreaterThanOrEqual(3);
    expect(counts.LACK_MODULE_COMM).toBeGreaterThanOrEqual(1);
    // bikes in the middle carry them (e2e flows use both ends); the silent module stays silent
    const [stolen] = await t.server.database.query<{ vehicle_number: string }>(
      `SELECT vehicle_number FROM bike WHERE fleet_id = $1 AND theft_state = 'REPORTED'`,
      [fleetId],
    );
    expect(stolen!.vehicle_number).toBe('VFM-00006');
    const silent = t.server.simulation!.fleet!.modules.filter((m) => m.silent);
    expect(silent.map((m) => m.moduleId)).toContain('D00005'); // VFM-00005's module
  });

  it('gives every demo bike trips of the last 7 days that follow the streets', async () => {
    const account = await createAccount(
      t,
      { id: fleetId, name: DEMO_FLEET_NAME },
      { roles: [ROLE_USER] },
    );
    const api = t.api({ token: await tokenFor(t, account) });
    const bikes = await t.server.database.query<{ vehicle_number: string }>(
      `SELECT vehicle_number FROM bike WHERE fleet_id = $1 AND last_communication_date > $2`,
      [fleetId, new Date(Date.now() - 86_400_000)],
    );
    expect(bikes.length).toBeGreaterThan(0);
    for (const { vehicle_number } of bikes) {
      const res = await api.get(`products/details/trips/${vehicle_number}`);
      expect(res.status, vehicle_number).toBe(200);
      expect(res.body.trips.length, vehicle_number).toBeGreaterThan(5);
      for (const trip of res.body.trips) {
        expect(trip.distanceKm).toBeGreaterThan(0);
        expect(trip.durationSeconds).toBeGreaterThan(0);
        expect(trip.positions[0][2]).toBe(Date.parse(trip.startedAt));
        expect(trip.positions.at(-1)[2]).toBe(Date.parse(trip.endedAt));
      }
      // the turns of the rides are stored: tracks have more than start, middle and end
      const points = res.body.trips.map((trip: { positions: unknown[] }) => trip.positions.length);
      expect(Math.max(...points), vehicle_number).toBeGreaterThan(3);
    }
  });

  it('runs the modules live: they connect with their own secrets and report', async () => {
    const fleet = t.server.simulation!.fleet!;
    expect(fleet.stats.connected).toBe(12 - fleet.stats.silent);
    await waitFor(
      () => t.server.iot!.metrics.stored.telemetry >= 12 - fleet.stats.silent,
      30_000,
      'first reports',
    );
  });

  it('answers a manager command about a second later, with the new state applied', async () => {
    const account = await createAccount(
      t,
      { id: fleetId, name: DEMO_FLEET_NAME },
      { roles: [ROLE_USER] },
    );
    const token = await tokenFor(t, account);
    const fleet = t.server.simulation!.fleet!;
    const live = fleet.modules.find((m) => !m.silent)!;
    const [bike] = await t.server.database.query<{ vehicle_number: string; id: number }>(
      'SELECT id, vehicle_number FROM bike WHERE module_id = $1',
      [live.moduleId],
    );
    const res = await t.api({ token }).post(`commands/alarm/${bike!.vehicle_number}`, undefined, {
      query: { active: true },
    });
    expect(res.status).toBe(202);
    const id = res.body.commands[0].id;
    const status = await waitFor(
      async () => {
        const [row] = await t.server.database.query<{ status: string }>(
          'SELECT status FROM command WHERE id = $1',
          [id],
        );
        return row!.status !== 'PENDING' && row!.status;
      },
      30_000,
      'the ack',
    );
    if (status === 'ACKNOWLEDGED') {
      await waitFor(async () => {
        const [row] = await t.server.database.query<{
          alarm_active: boolean;
          alarm_pending: boolean;
        }>('SELECT alarm_active, alarm_pending FROM bike WHERE id = $1', [bike!.id]);
        return row!.alarm_active && !row!.alarm_pending;
      });
    } else {
      expect(status).toBe('FAILED'); // the simulator's 2 % of actuator failures
    }
  });
});
