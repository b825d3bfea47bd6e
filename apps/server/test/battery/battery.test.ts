// Battery health (ADR 0130, docs/battery.md): the estimation reads stored telemetry into each
// pack's state of health, incrementally; the fleet page, its CSV, the bike's battery and the
// settings answer from it, fleet-scoped; a worn pack opens a BATTERY_HEALTH alert and puts its
// bike in the swap queue with its reason. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatterySettingsSchema,
  BatteryQueueSchema,
  BikeBatterySchema,
  FleetBatterySchema,
  type BikeBattery,
  type FleetBattery,
} from '@vfm/contract';
import { runEstimation } from '../../src/modules/battery/estimation';
import { sweepAlerts } from '../../src/modules/alerts/service';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, twoFleets, type TechnicianCast } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { seedTelemetry } from './battery-seed';

let t: TestServer;
let cast: TechnicianCast, other: TechnicianCast;
let worn: BikeRow;
let healthy: BikeRow;

const estimate = () => runEstimation(t.server.database, t.clock.now());

beforeAll(async () => {
  ({ t, cast, other } = await twoFleets(createFleetWithTechnician));
  worn = await createBike(t, cast.fleet, { bike_battery_level: 70, battery_number: 'PACK-W' });
  healthy = await createBike(t, cast.fleet, { bike_battery_level: 80 });
  await seedTelemetry(t, worn, 380, 4, { pack: 'PACK-W' });
  await seedTelemetry(t, healthy, 470, 4, { energy: true });
  await createBike(t, other.fleet);
  await estimate();
});
afterAll(() => t.close());

const manager = () => t.api({ token: cast.managerToken });

describe('the ingest', () => {
  it("keeps the pack's temperature and energy counter with the telemetry", async () => {
    const bike = await createBike(t, cast.fleet);
    const pipeline = t.server.iot!.pipeline;
    const message = {
      seq: Date.now(),
      ts: new Date().toISOString(),
      bikeBattery: 64,
      batteryNumber: 'PACK-I',
      batteryTempC: 31.5,
      batteryEnergyWh: 12_345.6,
    };
    pipeline.accept(bike.moduleId, 'telemetry', Buffer.from(JSON.stringify(message)), () => {});
    await pipeline.flush();
    const [row] = await t.server.database.query<{ extra: Record<string, unknown> }>(
      'SELECT extra FROM telemetry WHERE bike_id = $1',
      [bike.id],
    );
    expect(row!.extra).toEqual({
      batteryNumber: 'PACK-I',
      batteryTempC: 31.5,
      batteryEnergyWh: 12_345.6,
    });
    // a bike the estimation has not read yet: the fleet's figures below count it once read
    await t.server.database.query('DELETE FROM telemetry WHERE bike_id = $1', [bike.id]);
    await t.server.database.query('DELETE FROM bike WHERE id = $1', [bike.id]);
  });
});

describe('the estimation', () => {
  it('reads each pack once: a second run has nothing to do, new telemetry is read on', async () => {
    expect(await estimate()).toEqual({ bikes: 0, rows: 0, packs: 0 });
    await seedTelemetry(t, healthy, 470, 1, { fromMs: t.clock.now().getTime() + 12 * 3600_000 });
    // not before 5 minutes: a bike's cost per run is spread over 5 minutes of its telemetry
    expect((await estimate()).bikes).toBe(0);
    t.clock.advance(6 * 60_000);
    const done = await estimate();
    expect(done.bikes).toBe(1);
    expect(done.rows).toBe(72);
  });
});

describe('the fleet battery page', () => {
  it('gives the distribution, the worst packs first and Wh/km per model', async () => {
    const res = await manager().get('battery/fleet');
    expect(res.status, res.text).toBe(200);
    expectShape(FleetBatterySchema, res.body);
    const body = res.body as FleetBattery;
    expect(body.packs).toBe(2);
    expect(body.estimated).toBe(2);
    expect(body.alerted).toBe(1);
    const [first, second] = body.worst;
    expect(first!.packId).toBe('PACK-W');
    expect(first!.stateOfHealth).toBeCloseTo(76, 0);
    expect(first!.alert).toBe('LOW_STATE_OF_HEALTH');
    expect(first!.cyclesReported).toBe(103);
    expect(first!.temperature.hotHours).toBeGreaterThan(20);
    expect(second!.packId).toBe(`bike:${healthy.vehicleNumber}`);
    expect(second!.stateOfHealth).toBeCloseTo(94, 0);
    expect(second!.equivalentCycles).toBeCloseTo(3.5, 1);
    expect(body.distribution).toEqual([
      { from: 75, packs: 1 },
      { from: 90, packs: 1 },
    ]);
    expect(body.models).toEqual([{ model: 'City 28', whPerKm: 12, packs: 2 }]);
  });

  it('exports every pack as CSV', async () => {
    const res = await manager().get('battery/fleet/csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^packId,vehicleNumber,model,stateOfHealth/);
    expect(lines).toHaveLength(3);
    expect(res.text).toContain('PACK-W');
  });

  it("shows nothing of another fleet's packs", async () => {
    const res = await t.api({ token: other.managerToken }).get('battery/fleet');
    expect(res.status).toBe(200);
    expect(res.body.packs).toBe(0);
    const bike = await t
      .api({ token: other.managerToken })
      .get(`battery/bikes/${worn.vehicleNumber}`);
    expect(bike.status).toBe(404);
  });
});

describe("the bike's battery", () => {
  it('gives its pack, the state of health trend and the predicted time to 20 %', async () => {
    const res = await manager().get(`battery/bikes/${worn.vehicleNumber}`);
    expect(res.status, res.text).toBe(200);
    expectShape(BikeBatterySchema, res.body);
    const body = res.body as BikeBattery;
    expect(body.pack!.packId).toBe('PACK-W');
    expect(body.history.length).toBeGreaterThanOrEqual(1);
    expect(body.history.at(-1)!.stateOfHealth).toBeCloseTo(76, 0);
    expect(body.level).toBe(70);
    expect(body.hoursTo20).not.toBeNull();
    expect(body.swapReasons).toContain('STATE_OF_HEALTH_ROTATION');
  });

  it('refuses a malformed number and an unknown bike', async () => {
    expect((await manager().get('battery/bikes/no%20such')).status).toBe(400);
    expect((await manager().get('battery/bikes/NOSUCHBIKE')).status).toBe(404);
  });
});

describe('the swap queue and the alert', () => {
  it('puts the worn pack in the queue for rotation', async () => {
    const res = await t.api({ token: cast.technicianToken }).get('tasks/battery-queue');
    expect(res.status, res.text).toBe(200);
    expectShape(BatteryQueueSchema, res.body);
    const entry = res.body.bikes.find(
      (b: { vehicleNumber: string }) => b.vehicleNumber === worn.vehicleNumber,
    );
    expect(entry.reasons).toContain('STATE_OF_HEALTH_ROTATION');
  });

  it('opens a BATTERY_HEALTH alert for the bike of the worn pack', async () => {
    await sweepAlerts(t.server.database, t.server.jobs, t.clock.now());
    const res = await manager().get('alerts', { query: { kind: 'BATTERY_HEALTH' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.content.map((a: { vehicleNumber: string }) => a.vehicleNumber)).toEqual([
      worn.vehicleNumber,
    ]);
  });
});

describe('a battery swap done', () => {
  it("fits the bike another pack: the old pack's reasons and alert leave with it", async () => {
    const created = await manager().post('tasks', {
      kind: 'BATTERY_SWAP',
      vehicleNumbers: [worn.vehicleNumber],
    });
    expect(created.status, created.text).toBe(201);
    const technician = t.api({ token: cast.technicianToken });
    const id = created.body.tasks[0].id as string;
    expect((await technician.post(`tasks/${id}/start`)).status).toBe(200);
    const done = await technician.post(`tasks/${id}/finish`, {
      batterySwap: { batteryLevel: 95, batteryNumber: 'PACK-N' },
    });
    expect(done.status, done.text).toBe(200);

    const bike = await manager().get(`battery/bikes/${worn.vehicleNumber}`);
    expect(bike.status, bike.text).toBe(200);
    expect(bike.body).toMatchObject({ level: 95, hoursTo20: null, swapReasons: [] });
    const queue = await technician.get('tasks/battery-queue');
    expect(queue.body.bikes.map((b: { vehicleNumber: string }) => b.vehicleNumber)).not.toContain(
      worn.vehicleNumber,
    );
    await sweepAlerts(t.server.database, t.server.jobs, t.clock.now());
    const alerts = await manager().get('alerts', { query: { kind: 'BATTERY_HEALTH' } });
    expect(alerts.body.content).toEqual([]);
    // the worn pack keeps its history: still the fleet's worst
    const fleet = await manager().get('battery/fleet');
    expect(fleet.body.worst[0].packId).toBe('PACK-W');
  });
});

describe('the battery settings', () => {
  it('are read by the fleet and changed by its administrators, audited', async () => {
    const read = await manager().get('battery/settings');
    expect(read.status).toBe(200);
    expectShape(BatterySettingsSchema, read.body);
    expect(read.body).toEqual({ nominalCapacityWh: 500, sohThreshold: 80, fastDropPoints: 4 });
    expect((await manager().put('battery/settings', { sohThreshold: 70 })).status).toBe(403);
    const admin = t.api({ token: cast.adminToken });
    expect((await admin.put('battery/settings', { sohThreshold: 0 })).status).toBe(400);
    expect((await admin.put('battery/settings', {})).status).toBe(400);
    const saved = await admin.put('battery/settings', { sohThreshold: 70 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.sohThreshold).toBe(70);
    const [event] = await t.server.database.query<{ data: unknown }>(
      `SELECT data FROM event WHERE fleet_id = $1 AND name = 'BATTERY_SETTINGS_CHANGED'`,
      [cast.fleet.id],
    );
    expect(event!.data).toEqual({ from: { sohThreshold: 80 }, to: { sohThreshold: 70 } });
    // the other fleet keeps its own
    const theirs = await t.api({ token: other.managerToken }).get('battery/settings');
    expect(theirs.body.sohThreshold).toBe(80);
  });
});
