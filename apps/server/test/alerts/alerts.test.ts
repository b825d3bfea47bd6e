// ADR 0081–5 (ADR 0081): warnings fire when they happen — detected at ingest or by the
// sweep, recorded once as alerts — and the alerts' life cycle (acknowledge, assign, clear)
// through the API, scoped to the fleet, live on the stream. On PGlite and, with DATABASE_URL
// and MQTT_URL, on PostgreSQL and Mosquitto.
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertPageSchema, AlertSchema, type Alert } from '@vfm/contract';
import { createFleetWithUsers, twoFleets, type FleetCast } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import * as mqtt from '../helpers/mqtt';
import { openStream } from '../helpers/sse';
import type { TestServer } from '../helpers/server';
import { createBike } from '../helpers/bikes';
import { reconcileBikes, sweepAlerts } from '../../src/modules/alerts/service';

const DAY = 24 * 3_600_000;
let t: TestServer, cast: FleetCast, other: FleetCast;
const modules = mqtt.moduleClients(() => t);
beforeAll(
  async () => ({ t, cast, other } = await twoFleets(createFleetWithUsers, mqtt.startIotTestServer)),
);

const manager = () => t.api({ token: cast.managerToken });

const moduleOnline = (columns: Record<string, unknown> = {}) =>
  modules.online(cast.fleet, {
    last_communication_date: new Date(),
    bike_battery_level: 80,
    ...columns,
  });

async function alertsOf(vehicleNumber: string, state = 'all'): Promise<Alert[]> {
  const res = await manager().get('alerts', { query: { vehicleNumber, state } });
  expect(res.status).toBe(200);
  expectShape(AlertPageSchema, res.body);
  return res.body.content;
}

const activeAlert = (vehicleNumber: string, kind: string) =>
  mqtt.waitFor(
    async () => (await alertsOf(vehicleNumber, 'active')).find((a) => a.kind === kind),
    15_000,
    `an active ${kind} alert of ${vehicleNumber}`,
  );

describe('warnings that fire', () => {
  it('opens one low-battery alert, does not flap at the threshold, clears above it + 5', async () => {
    const m = await moduleOnline();
    const vn = m.bike.vehicleNumber;
    await mqtt.publishUp(m.client, m.moduleId, 'telemetry', mqtt.telemetry({ bikeBattery: 15 }));
    const opened = await activeAlert(vn, 'LOW_VEHICLE_BATTERY');
    expect(opened).toMatchObject({ state: 'OPEN', severity: 'MINOR', clearedAt: null });

    // hovering at the threshold (20 %): still the same alert, never a second one
    for (const level of [22, 19, 24, 18])
      await mqtt.publishUp(
        m.client,
        m.moduleId,
        'telemetry',
        mqtt.telemetry({ bikeBattery: level }),
      );
    await mqtt.waitFor(
      async () =>
        (await t.server.database.query('SELECT 1 FROM telemetry WHERE bike_id = $1', [m.bike.id]))
          .length >= 5,
    );
    await mqtt.publishUp(m.client, m.moduleId, 'telemetry', mqtt.telemetry({ bikeBattery: 24 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    let all = await alertsOf(vn);
    expect(all.filter((a) => a.kind === 'LOW_VEHICLE_BATTERY')).toHaveLength(1);
    expect(all[0]!.clearedAt).toBeNull();

    // back above the threshold + 5 points: cleared by itself, kept as history
    await mqtt.publishUp(m.client, m.moduleId, 'telemetry', mqtt.telemetry({ bikeBattery: 26 }));
    const cleared = await mqtt.waitFor(async () =>
      (await alertsOf(vn)).find((a) => a.id === opened.id && a.state === 'CLEARED'),
    );
    expect(cleared).toMatchObject({ clearCause: 'CONDITION_ENDED', clearedBy: null });
    all = await alertsOf(vn);
    // (15 % → 26 % while parked is also a built-in rule's: battery rising, ADR 0126)
    expect(all.filter((a) => a.kind === 'LOW_VEHICLE_BATTERY')).toHaveLength(1);
  });

  it('turns a module alarm into a theft alert, ended by the theft report, which has its own', async () => {
    const m = await moduleOnline();
    const vn = m.bike.vehicleNumber;
    await mqtt.publishUp(m.client, m.moduleId, 'event', {
      seq: mqtt.nextSeq(),
      ts: new Date().toISOString(),
      name: 'ALARM_TRIGGERED',
      source: 'MODULE',
    });
    const alarm = await activeAlert(vn, 'SUSPECTED_THEFT');
    expect(alarm.severity).toBe('CRITICAL');

    expect((await manager().post(`products/theft/${vn}`)).status).toBe(200);
    const reported = await activeAlert(vn, 'REPORTED_THEFT');
    await mqtt.waitFor(async () =>
      (await alertsOf(vn)).find((a) => a.id === alarm.id && a.state === 'CLEARED'),
    );

    expect((await manager().delete(`products/theft/${vn}`)).status).toBe(200);
    await mqtt.waitFor(async () =>
      (await alertsOf(vn)).find((a) => a.id === reported.id && a.state === 'CLEARED'),
    );
  });

  it('finds a silent module by the sweep (nothing arrives) and clears it when it talks', async () => {
    const m = await moduleOnline({ last_communication_date: new Date(Date.now() - 8 * DAY) });
    const vn = m.bike.vehicleNumber;
    await t.server.jobs.send(null, 'alerts.sweep', {});
    const silent = await activeAlert(vn, 'LACK_MODULE_COMM');
    expect(silent.severity).toBe('MAJOR');
    // a second sweep records nothing new
    await t.server.jobs.send(null, 'alerts.sweep', {});
    await mqtt.publishUp(m.client, m.moduleId, 'telemetry', mqtt.telemetry());
    await mqtt.waitFor(async () =>
      (await alertsOf(vn)).find((a) => a.id === silent.id && a.state === 'CLEARED'),
    );
    expect(
      await mqtt.count(t, `alert WHERE bike_id = $1 AND kind = 'LACK_MODULE_COMM'`, [m.bike.id]),
    ).toBe(1);
  });

  it('has one automatic writer at a time: a sweep and two reconciles at once open one alert', async () => {
    const m = await moduleOnline({ bike_battery_level: 5, low_vehicle_battery_since: new Date() });
    const { database, jobs } = t.server;
    const now = new Date();
    const runs = await Promise.all([
      reconcileBikes(database, jobs, [m.bike.id], now),
      sweepAlerts(database, jobs, now),
      reconcileBikes(database, jobs, [m.bike.id], now),
    ]);
    const opened = runs
      .flat()
      .filter((c) => c.bikeId === m.bike.id && c.kind === 'LOW_VEHICLE_BATTERY');
    // once at most (the per-minute sweep of the worker may have been first)
    expect(opened.length).toBeLessThanOrEqual(1);
    expect(opened.every((c) => c.change === 'opened')).toBe(true);
    expect(
      await mqtt.count(t, `alert WHERE bike_id = $1 AND kind = 'LOW_VEHICLE_BATTERY'`, [m.bike.id]),
    ).toBe(1);
  });

  it('follows a threshold change at once: the warnings and the alerts read the same rule', async () => {
    // one fleet of its own: the thresholds change for every bike of the fleet
    const own = await createFleetWithUsers(t);
    const m = await mqtt.provisionModule(t, own.fleet, {
      last_communication_date: new Date(),
      bike_battery_level: 24,
    });
    const admin = () => t.api({ token: own.adminToken });
    const lowOf = async () => {
      const res = await t
        .api({ token: own.managerToken })
        .get('alerts', { query: { vehicleNumber: m.bike.vehicleNumber, state: 'active' } });
      return (res.body.content as Alert[]).filter((a) => a.kind === 'LOW_VEHICLE_BATTERY');
    };
    const warned = async () =>
      (await admin().get('products/warnings', { query: { type: 'LOW_VEHICLE_BATTERY' } })).body
        .totalElements as number;
    expect(await lowOf()).toEqual([]);
    expect((await admin().put('fleet/settings', { lowVehicleBatteryPercent: 25 })).status).toBe(
      200,
    );
    // no module message: the settings change itself opens it
    await mqtt.waitFor(async () => (await lowOf()).length === 1, 15_000, 'the low-battery alert');
    expect(await warned()).toBe(1);
    // back above the threshold + 5 (24 > 18 + 5): cleared, and no longer a warning
    expect((await admin().put('fleet/settings', { lowVehicleBatteryPercent: 18 })).status).toBe(
      200,
    );
    await mqtt.waitFor(async () => (await lowOf()).length === 0, 15_000, 'the alert cleared');
    expect(await warned()).toBe(0);
  });

  it('tells the fleet stream which bike’s alerts changed', async () => {
    const stream = await openStream(t, cast.managerToken);
    try {
      const m = await moduleOnline();
      await mqtt.publishUp(m.client, m.moduleId, 'telemetry', mqtt.telemetry({ iotBattery: 5 }));
      const frame = await stream.next(
        (f) => f.event === 'alerts' && f.data.vehicleNumbers.includes(m.bike.vehicleNumber),
        15_000,
      );
      expect(frame.data.vehicleNumbers).toContain(m.bike.vehicleNumber);
    } finally {
      stream.close();
    }
  });
});

describe('the alert life cycle', () => {
  let alert: Alert;
  let vn: string;

  beforeAll(async () => {
    const bike = await createBike(t, cast.fleet, {
      theft_state: 'REPORTED',
      theft_since: new Date('2026-11-20T10:00:00Z'),
    });
    vn = bike.vehicleNumber;
    await t.server.jobs.send(null, 'alerts.sweep', {});
    alert = await activeAlert(vn, 'REPORTED_THEFT');
    expect(alert.openedAt).toBe('2026-11-20T10:00:00.000Z');
  });

  it('is acknowledged with a comment, once', async () => {
    const res = await manager().post(`alerts/${alert.id}/acknowledge`, { comment: 'On my way' });
    expect(res.status).toBe(200);
    expectShape(AlertSchema, res.body);
    expect(res.body).toMatchObject({
      state: 'ACKNOWLEDGED',
      comment: 'On my way',
      acknowledgedBy: { email: cast.manager.email, name: 'Marc Manager' },
    });
    // twice is harmless: the first acknowledgement stays
    const again = await t
      .api({ token: cast.adminToken })
      .post(`alerts/${alert.id}/acknowledge`, { comment: 'me too' });
    expect(again.status).toBe(200);
    expect(again.body.acknowledgedBy.email).toBe(cast.manager.email);
    expect(again.body.acknowledgedAt).toBe(res.body.acknowledgedAt);
    expect(again.body.comment).toBe('On my way');
  });

  it('is assigned to a user of the fleet, never to another fleet’s', async () => {
    const assignees = await manager().get('alerts/assignees');
    expect(assignees.body.users.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([cast.admin.email, cast.manager.email]),
    );
    expect(assignees.body.users.map((u: { email: string }) => u.email)).not.toContain(
      other.manager.email,
    );
    const res = await manager().post(`alerts/${alert.id}/assign`, { assigneeId: cast.admin.id });
    expect(res.status).toBe(200);
    expect(res.body.assignee).toMatchObject({ email: cast.admin.email });
    const mine = await t.api({ token: cast.adminToken }).get('alerts', { query: { mine: true } });
    expect(mine.body.content.map((a: Alert) => a.id)).toContain(alert.id);

    const foreign = await manager().post(`alerts/${alert.id}/assign`, {
      assigneeId: other.manager.id,
    });
    expect(foreign.status).toBe(400);
    const [row] = await t.server.database.query<{ assignee_id: string }>(
      'SELECT assignee_id FROM alert WHERE id = $1',
      [alert.id],
    );
    expect(row!.assignee_id).toBe(cast.admin.id);
  });

  it('is 404 to another fleet, which never lists it', async () => {
    const stranger = t.api({ token: other.managerToken });
    for (const [path, body] of [
      ['acknowledge', {}],
      ['assign', { assigneeId: null }],
      ['clear', { reason: 'not mine' }],
    ] as const) {
      const res = await stranger.post(`alerts/${alert.id}/${path}`, body);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const list = await stranger.get('alerts', { query: { state: 'all' } });
    expect(list.body.content.map((a: Alert) => a.id)).not.toContain(alert.id);
  });

  it('lists the active alerts of several bikes in one query (a warnings page)', async () => {
    const second = await createBike(t, cast.fleet, { theft_state: 'SUSPECTED' });
    await t.server.jobs.send(null, 'alerts.sweep', {});
    await activeAlert(second.vehicleNumber, 'SUSPECTED_THEFT');
    const res = await manager().get('alerts', {
      query: { vehicleNumber: [vn, second.vehicleNumber, 'NOBODY-1'] },
    });
    expect(res.status).toBe(200);
    expect(new Set(res.body.content.map((a: Alert) => a.vehicleNumber))).toEqual(
      new Set([vn, second.vehicleNumber]),
    );
    const tooMany = Array.from({ length: 101 }, (_, i) => `BIKE-${i}`);
    expect((await manager().get('alerts', { query: { vehicleNumber: tooMany } })).status).toBe(400);
  });

  it('refuses bad input with a problem and changes nothing', async () => {
    expect((await manager().post('alerts/not-a-uuid/acknowledge', {})).status).toBe(400);
    expect((await manager().post(`alerts/${alert.id}/clear`, { reason: '' })).status).toBe(400);
    expect((await manager().post(`alerts/${alert.id}/clear`, {})).status).toBe(400);
    expect(
      (await manager().post(`alerts/${alert.id}/acknowledge`, { comment: 'x'.repeat(501) })).status,
    ).toBe(400);
    expect((await manager().get('alerts', { query: { state: 'SOMETIMES' } })).status).toBe(400);
    expect((await alertsOf(vn, 'active')).map((a) => a.id)).toContain(alert.id);
  });

  it('is cleared by hand with a reason, and the sweep does not open it again', async () => {
    const res = await manager().post(`alerts/${alert.id}/clear`, { reason: 'Found in the depot' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'CLEARED',
      clearCause: 'MANUAL',
      clearReason: 'Found in the depot',
      clearedBy: { email: cast.manager.email },
    });
    expect((await manager().post(`alerts/${alert.id}/clear`, { reason: 'again' })).status).toBe(
      409,
    );
    expect((await manager().post(`alerts/${alert.id}/assign`, { assigneeId: null })).status).toBe(
      409,
    );
    // the theft is still reported: the same occurrence is not recorded twice
    await t.server.jobs.send(null, 'alerts.sweep', {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await alertsOf(vn)).toHaveLength(1);
  });
});
