// The fleet's battery settings apply at once (ADR 0130, docs/battery.md): a new threshold opens
// or clears a pack's BATTERY_HEALTH alert within seconds (battery.reassess, then the sweep), a
// new nominal capacity rescales the packs and their day points; bad input is a 400 naming the
// field. The fleet's peak hour is kept, computed again after a day. On PGlite and, with
// DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BikeBattery, FleetBattery } from '@vfm/contract';
import { hourlyRates, peakHour, type DemandState } from '../../src/modules/battery/demand';
import { runEstimation } from '../../src/modules/battery/estimation';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithTechnician } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { waitFor } from '../helpers/mqtt';
import { seedTelemetry } from './battery-seed';

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithTechnician>>;
let worn: BikeRow;
let healthy: BikeRow;

const estimate = () => runEstimation(t.server.database, t.clock.now());
const admin = () => t.api({ token: cast.adminToken });
const manager = () => t.api({ token: cast.managerToken });

beforeAll(async () => {
  t = await startTestServer();
  cast = await createFleetWithTechnician(t);
  worn = await createBike(t, cast.fleet, { bike_battery_level: 70, battery_number: 'PACK-S' });
  healthy = await createBike(t, cast.fleet, { bike_battery_level: 80 });
  await seedTelemetry(t, worn, 380, 4, { pack: 'PACK-S' });
  await seedTelemetry(t, healthy, 470, 4, { energy: true });
  await estimate();
  await t.server.jobs.send(null, 'alerts.sweep', {});
});
afterAll(() => t.close());

const bikeBattery = async (bike: BikeRow) =>
  (await manager().get(`battery/bikes/${bike.vehicleNumber}`)).body as BikeBattery;

/** the bike's BATTERY_HEALTH alert still active, if any */
async function activeAlert(bike: BikeRow) {
  const res = await manager().get('alerts', { query: { kind: 'BATTERY_HEALTH', state: 'active' } });
  expect(res.status, res.text).toBe(200);
  return (res.body.content as Array<{ id: number; vehicleNumber: string }>).find(
    (a) => a.vehicleNumber === bike.vehicleNumber,
  );
}

describe('a change of the battery settings', () => {
  it('is refused with a 400 naming the field, and to a manager', async () => {
    for (const [body, field] of [
      [{ sohThreshold: 0 }, 'sohThreshold'],
      [{ sohThreshold: 80.5 }, 'sohThreshold'],
      [{ fastDropPoints: 'fast' }, 'fastDropPoints'],
      [{ nominalCapacityWh: 20_000 }, 'nominalCapacityWh'],
    ] as const) {
      const res = await admin().put('battery/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(JSON.stringify(res.body.errors ?? [])).toContain(field);
    }
    expect((await manager().put('battery/settings', { sohThreshold: 70 })).status).toBe(403);
  });

  it('clears an alert at once when the threshold goes under the pack, opens it again above', async () => {
    const opened = await waitFor(() => activeAlert(worn), 15_000, 'the worn pack alerted');
    expect((await bikeBattery(worn)).swapReasons).toContain('STATE_OF_HEALTH_ROTATION');

    const lower = await admin().put('battery/settings', { sohThreshold: 70 });
    expect(lower.status, lower.text).toBe(200);
    // no new telemetry, no day point: the settings' job and the sweep alone clear it
    await waitFor(async () => !(await activeAlert(worn)), 15_000, 'the alert cleared');
    const after = await bikeBattery(worn);
    expect(after.pack!.alert).toBeNull();
    expect(after.sohThreshold).toBe(70);
    expect(after.swapReasons).not.toContain('STATE_OF_HEALTH_ROTATION');

    expect((await admin().put('battery/settings', { sohThreshold: 80 })).status).toBe(200);
    const again = await waitFor(() => activeAlert(worn), 15_000, 'the alert opened again');
    expect(again.id).not.toBe(opened.id);
    expect((await bikeBattery(worn)).pack!.alert).toBe('LOW_STATE_OF_HEALTH');
  });

  it('rescales the state of health and its history to a new nominal capacity', async () => {
    const before = await bikeBattery(worn);
    expect(before.pack!.stateOfHealth).toBeCloseTo(76, 0);
    expect((await admin().put('battery/settings', { nominalCapacityWh: 400 })).status).toBe(200);
    // 380 Wh of 400: 95 %, over the threshold — the alert clears with the rescale
    await waitFor(async () => !(await activeAlert(worn)), 15_000, 'the alert cleared');
    const after = await bikeBattery(worn);
    expect(after.pack!.stateOfHealth).toBeCloseTo(95, 0);
    expect(after.history.at(-1)!.stateOfHealth).toBeCloseTo(95, 0);
    const fleet = (await manager().get('battery/fleet')).body as FleetBattery;
    expect(
      fleet.worst.find((p) => p.vehicleNumber === healthy.vehicleNumber)!.stateOfHealth,
    ).toBeCloseTo(117.5, 0);
    // the job again (a retry, or the same value sent twice) changes nothing more
    await t.server.jobs.send(null, 'battery.reassess', { fleetId: cast.fleet.id });
    expect((await bikeBattery(worn)).pack!.stateOfHealth).toBeCloseTo(95, 0);

    expect((await admin().put('battery/settings', { nominalCapacityWh: 500 })).status).toBe(200);
    await waitFor(() => activeAlert(worn), 15_000, 'the alert opened again');
    expect((await bikeBattery(worn)).history.at(-1)!.stateOfHealth).toBeCloseTo(76, 0);
  });
});

describe("the fleet's peak hour", () => {
  const peakRow = async () => {
    const [row] = await t.server.database.query<{ peak_hour: number | null; computed_at: Date }>(
      'SELECT peak_hour, computed_at FROM battery_fleet_peak WHERE fleet_id = $1',
      [cast.fleet.id],
    );
    return row;
  };

  it("names the bikes predicted at 20 % before the peak's end short before the peak", async () => {
    const bike = await bikeBattery(worn);
    expect(bike.predictedAt).not.toBeNull();
    const predicted = new Date(bike.predictedAt!);
    const hoursAhead = (predicted.getTime() - t.clock.now().getTime()) / 3600_000;
    expect(hoursAhead).toBeLessThan(22);
    const kept = (await peakRow())!.peak_hour;
    const setPeak = (hour: number | null) =>
      t.server.database.query('UPDATE battery_fleet_peak SET peak_hour = $2 WHERE fleet_id = $1', [
        cast.fleet.id,
        hour,
      ]);
    // the peak ends before the bike reaches 20 %: not short
    if (hoursAhead > 1.5) {
      await setPeak(t.clock.now().getUTCHours());
      expect((await bikeBattery(worn)).swapReasons).not.toContain('SHORT_BEFORE_PEAK');
    }
    // the peak is the hour the bike reaches 20 % in: it is short before its end
    await setPeak(predicted.getUTCHours());
    expect((await bikeBattery(worn)).swapReasons).toContain('SHORT_BEFORE_PEAK');
    const queue = await t.api({ token: cast.technicianToken }).get('tasks/battery-queue');
    const entry = queue.body.bikes.find(
      (b: { vehicleNumber: string }) => b.vehicleNumber === worn.vehicleNumber,
    );
    expect(entry.reasons).toContain('SHORT_BEFORE_PEAK');
    await setPeak(kept);
  });

  it('is computed by the estimation and read as kept, not from every profile at each call', async () => {
    const kept = (await peakRow())!;
    expect(kept.peak_hour).not.toBeNull();
    expect((await manager().get('battery/fleet')).body.peakHour).toBe(kept.peak_hour);
    // what the calls answer is the kept hour (here set by hand to prove it)
    const other = (kept.peak_hour! + 12) % 24;
    await t.server.database.query(
      'UPDATE battery_fleet_peak SET peak_hour = $2 WHERE fleet_id = $1',
      [cast.fleet.id, other],
    );
    expect((await manager().get('battery/fleet')).body.peakHour).toBe(other);
    // a run of the estimation within the day keeps it
    t.clock.advance(6 * 60_000);
    await seedTelemetry(t, healthy, 470, 1, { fromMs: t.clock.now().getTime() + 12 * 3600_000 });
    t.clock.advance(6 * 60_000);
    expect((await estimate()).bikes).toBe(1);
    expect((await peakRow())!.peak_hour).toBe(other);
    // a day later, the next run computes it again from the profiles
    t.clock.advance(24 * 3600_000);
    await seedTelemetry(t, healthy, 470, 1, { fromMs: t.clock.now().getTime() + 12 * 3600_000 });
    expect((await estimate()).bikes).toBe(1);
    const fresh = (await peakRow())!;
    // the profiles' peak now (the new telemetry moved them: it may be another hour than before)
    const states = await t.server.database.query<{ state: { demand: DemandState } }>(
      'SELECT state FROM battery_bike WHERE fleet_id = $1',
      [cast.fleet.id],
    );
    expect(fresh.peak_hour).toBe(peakHour(states.map((s) => hourlyRates(s.state.demand))));
    expect(new Date(fresh.computed_at).getTime()).toBeGreaterThan(
      new Date(kept.computed_at).getTime(),
    );
  });
});
