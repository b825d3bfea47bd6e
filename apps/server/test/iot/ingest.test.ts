// Module messages in, bike state out (DESIGN §6–§7): validation, idempotency on (module, seq),
// forward-only current state with complete history, trips, warnings, metrics — over a real
// MQTT connection to the embedded broker (or MQTT_URL).
import { beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers } from '../helpers/factories';
import {
  bikeRow,
  count,
  moduleClients,
  nextSeq,
  publishUp,
  startIotTestServer,
  telemetry,
  type TestModule,
  waitFor,
} from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';

let t: TestServer;
let fleet: Awaited<ReturnType<typeof createFleetWithUsers>>;
const modules = moduleClients(() => t);

beforeAll(async () => {
  t = await startIotTestServer();
  fleet = await createFleetWithUsers(t);
});

const moduleOnline = (columns: Record<string, unknown> = {}) =>
  modules.online(fleet.fleet, {
    last_communication_date: null,
    last_position_date: null,
    ...columns,
  });

const telemetryRows = (m: TestModule) => count(t, 'telemetry WHERE bike_id = $1', [m.bike.id]);

describe('telemetry', () => {
  it('is stored and moves the bike state', async () => {
    const m = await moduleOnline();
    const ts = new Date(Date.now() - 1000).toISOString();
    await publishUp(m.client, m.moduleId, 'telemetry', {
      ...telemetry({ ts, lat: 45.7, lon: 4.8, bikeBattery: 64, iotBattery: 77, mode: 'STANDBY' }),
      odometerKm: 1234.5,
      batterySoh: 90,
      batteryCycles: 120,
      batteryNumber: 'BAT-1',
      firmware: '2.1.0',
      hardware: 'H3',
      assistanceLocked: true,
      alarmActive: true,
      batteryPlugged: false,
    });
    const bike = await waitFor(
      async () => {
        const row = await bikeRow(t, m.bike.id);
        return row.odometer_km === 1234.5 && row;
      },
      15_000,
      'bike state',
    );
    expect(bike).toMatchObject({
      latitude: 45.7,
      longitude: 4.8,
      bike_battery_level: 64,
      iot_battery_level: 77,
      iot_mode: 'STANDBY',
      total_km: 1234.5,
      battery_state_of_health: 90,
      battery_charge_cycles: 120,
      battery_number: 'BAT-1',
      firmware_version: '2.1.0',
      hardware_version: 'H3',
      assistance_locked: true,
      alarm_active: true,
      status: 'PARKED',
    });
    expect(bike.last_communication_date.toISOString()).toBe(ts);
    expect(bike.co2_avoided_kg).toBeCloseTo(1234.5 * 0.12, 3);
    expect(bike.autonomy_km).toBeCloseTo(0.64 * 80 * 0.9, 1);
    expect(await telemetryRows(m)).toBe(1);
  });

  it('is idempotent on (module, seq): a redelivered message is stored once and counted', async () => {
    const m = await moduleOnline();
    const message = telemetry();
    const before = t.server.iot!.metrics.duplicates;
    await publishUp(m.client, m.moduleId, 'telemetry', message);
    await publishUp(m.client, m.moduleId, 'telemetry', message);
    await publishUp(m.client, m.moduleId, 'telemetry', message);
    await waitFor(
      () => t.server.iot!.metrics.duplicates >= before + 2,
      15_000,
      'duplicates counted',
    );
    expect(await telemetryRows(m)).toBe(1);
  });

  it('keeps older messages in history without moving the current state back', async () => {
    const m = await moduleOnline();
    const newer = telemetry({
      ts: new Date(Date.now() - 60_000).toISOString(),
      lat: 45.1,
      bikeBattery: 50,
    });
    const older = telemetry({
      ts: new Date(Date.now() - 120_000).toISOString(),
      lat: 44.9,
      bikeBattery: 90,
    });
    await publishUp(m.client, m.moduleId, 'telemetry', newer);
    await waitFor(async () => (await bikeRow(t, m.bike.id)).latitude === 45.1);
    await publishUp(m.client, m.moduleId, 'telemetry', older);
    await waitFor(async () => (await telemetryRows(m)) === 2, 15_000, 'both in history');
    const bike = await bikeRow(t, m.bike.id);
    expect(bike.latitude).toBe(45.1);
    expect(bike.bike_battery_level).toBe(50);
    expect(bike.last_communication_date.toISOString()).toBe(newer.ts);
  });

  it('drops and counts bad payloads without dropping the module', async () => {
    const m = await moduleOnline();
    const metrics = t.server.iot!.metrics;
    const json = metrics.rejected.json;
    const schema = metrics.rejected.schema;
    const future = metrics.rejected.future;
    await publishUp(m.client, m.moduleId, 'telemetry', '{not json');
    await publishUp(m.client, m.moduleId, 'telemetry', { seq: 'x', ts: 'yesterday' });
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ bikeBattery: 300 }));
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ unknownField: 1 }));
    await publishUp(m.client, m.moduleId, 'event', {
      seq: nextSeq(),
      ts: new Date().toISOString(),
      name: 'bad name',
      source: 'MODULE',
    });
    await publishUp(m.client, m.moduleId, 'ack', {
      seq: nextSeq(),
      ts: new Date().toISOString(),
      commandId: 'nope',
      status: 'OK',
    });
    await publishUp(
      m.client,
      m.moduleId,
      'telemetry',
      telemetry({ ts: new Date(Date.now() + 48 * 3_600_000).toISOString() }),
    );
    await waitFor(
      () =>
        metrics.rejected.json > json &&
        metrics.rejected.schema >= schema + 5 &&
        metrics.rejected.future > future,
      15_000,
      'rejections counted',
    );
    // still connected and heard
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry());
    await waitFor(async () => (await telemetryRows(m)) === 1, 15_000, 'the good message');
    expect(m.client.connected).toBe(true);
  });
});

describe('derivations', () => {
  it('derives a trip from MOVING then PARKED with the usage figures', async () => {
    const m = await moduleOnline();
    const start = Date.now() - 30 * 60_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const points = [
      { ts: at(0), speedKmh: 0, lat: 45.75, lon: 4.83, odometerKm: 100, mode: 'STANDBY' },
      { ts: at(1), speedKmh: 15, lat: 45.751, lon: 4.831, odometerKm: 100.1, mode: 'NAVIGATION' },
      { ts: at(6), speedKmh: 18, lat: 45.76, lon: 4.84, odometerKm: 101.5, mode: 'NAVIGATION' },
      { ts: at(11), speedKmh: 0, lat: 45.77, lon: 4.85, odometerKm: 103.1, mode: 'STANDBY' },
    ];
    for (const p of points) await publishUp(m.client, m.moduleId, 'telemetry', telemetry(p));
    const [trip] = await waitFor(
      async () => {
        const rows = await t.server.database.query<Record<string, any>>(
          'SELECT * FROM trip WHERE bike_id = $1',
          [m.bike.id],
        );
        return rows.length ? rows : null;
      },
      15_000,
      'a trip',
    );
    expect(trip!.distance_km).toBeCloseTo(3.1, 3);
    expect(trip!.duration_minutes).toBeCloseTo(10, 2);
    expect(trip!.start_latitude).toBe(45.75);
    expect(trip!.end_latitude).toBe(45.77);
    const bike = await bikeRow(t, m.bike.id);
    expect(bike).toMatchObject({ status: 'PARKED', last_trip_km: 3.1, total_trip_minutes: 10 });
    expect(bike.average_distance_per_day_km).toBeCloseTo(3.1, 3);
    expect(bike.average_time_per_day_minutes).toBeCloseTo(10, 2);
    expect(bike.total_km).toBeCloseTo(103.1, 3);
  });

  it('raises and clears low-battery warnings with the fleet thresholds (+5 points to clear)', async () => {
    await t.server.database.query(
      'UPDATE fleet SET low_module_battery_percent = 30 WHERE id = $1',
      [fleet.fleet.id],
    );
    const m = await moduleOnline();
    const first = new Date(Date.now() - 60_000).toISOString();
    await publishUp(
      m.client,
      m.moduleId,
      'telemetry',
      telemetry({ ts: first, bikeBattery: 20, iotBattery: 25 }),
    );
    await publishUp(
      m.client,
      m.moduleId,
      'telemetry',
      telemetry({ bikeBattery: 15, iotBattery: 36 }),
    );
    const bike = await waitFor(async () => {
      const row = await bikeRow(t, m.bike.id);
      return row.bike_battery_level === 15 && row;
    });
    expect(bike.low_vehicle_battery_since.toISOString()).toBe(first);
    expect(bike.low_module_battery_since).toBeNull();
    // back above the threshold, but not by 5 points (ADR 0081): the low battery goes on
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ bikeBattery: 24 }));
    const hovering = await waitFor(async () => {
      const row = await bikeRow(t, m.bike.id);
      return row.bike_battery_level === 24 && row;
    });
    expect(hovering.low_vehicle_battery_since.toISOString()).toBe(first);
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ bikeBattery: 26 }));
    await waitFor(async () => (await bikeRow(t, m.bike.id)).low_vehicle_battery_since === null);
  });

  it('turns an ALARM_TRIGGERED event into a suspected theft', async () => {
    const m = await moduleOnline();
    const ts = new Date().toISOString();
    await publishUp(m.client, m.moduleId, 'event', {
      seq: nextSeq(),
      ts,
      name: 'ALARM_TRIGGERED',
      source: 'MODULE',
      data: { g: 1.2 },
    });
    const bike = await waitFor(async () => {
      const row = await bikeRow(t, m.bike.id);
      return row.theft_state === 'SUSPECTED' && row;
    });
    expect(bike.suspected_theft_since.toISOString()).toBe(ts);
    const [event] = await t.server.database.query<Record<string, any>>(
      'SELECT * FROM event WHERE bike_id = $1',
      [m.bike.id],
    );
    expect(event).toMatchObject({ name: 'ALARM_TRIGGERED', source: 'MODULE', data: { g: 1.2 } });
  });

  it('treats a rider theft declaration as a theft report: REPORTED, out, PERMANENT command', async () => {
    const m = await moduleOnline({ availability: 'IN_OPERATION', iot_mode: 'STANDBY' });
    await publishUp(m.client, m.moduleId, 'event', {
      seq: nextSeq(),
      ts: new Date().toISOString(),
      name: 'THEFT_DECLARED',
      source: 'RIDER',
    });
    const bike = await waitFor(async () => {
      const row = await bikeRow(t, m.bike.id);
      return row.theft_state === 'REPORTED' && row;
    });
    expect(bike).toMatchObject({
      theft_by: 'RIDER',
      availability: 'OUT',
      theft_previous_availability: 'IN_OPERATION',
      theft_previous_mode: 'STANDBY',
      mode_pending: true,
    });
    const commands = await t.server.database.query(
      'SELECT type, value, requested_by FROM command WHERE bike_id = $1',
      [m.bike.id],
    );
    expect(commands).toEqual([{ type: 'MODE', value: 'PERMANENT', requested_by: 'RIDER' }]);

    await publishUp(m.client, m.moduleId, 'event', {
      seq: nextSeq(),
      ts: new Date().toISOString(),
      name: 'THEFT_CANCELLED',
      source: 'RIDER',
    });
    const restored = await waitFor(async () => {
      const row = await bikeRow(t, m.bike.id);
      return row.theft_state === 'NONE' && row;
    });
    expect(restored.availability).toBe('IN_OPERATION');
    const values = await t.server.database.query<{ value: string }>(
      'SELECT value FROM command WHERE bike_id = $1 ORDER BY requested_at',
      [m.bike.id],
    );
    expect(values.map((v) => v.value)).toEqual(['PERMANENT', 'STANDBY']);
  });

  it('stores self-diagnosis reports and an AUTOTEST event', async () => {
    const m = await moduleOnline();
    const seq = nextSeq();
    const report = {
      seq,
      ts: new Date().toISOString(),
      results: [
        { code: 'GPS', status: 'OK', value: 9 },
        { code: 'GSM', status: 'KO', value: 'no signal' },
        { code: 'LOCK', status: 'NA' },
      ],
    };
    await publishUp(m.client, m.moduleId, 'autotest', report);
    await publishUp(m.client, m.moduleId, 'autotest', report);
    await waitFor(async () => (await count(t, 'event WHERE bike_id = $1', [m.bike.id])) === 1);
    const [row] = await t.server.database.query<Record<string, any>>(
      'SELECT * FROM autotest WHERE bike_id = $1',
      [m.bike.id],
    );
    expect(row!.results).toEqual(report.results);
    expect(await count(t, 'autotest WHERE bike_id = $1', [m.bike.id])).toBe(1);
  });
});

describe('GET /metrics', () => {
  it('serves the ingest counters in the Prometheus text format, without an api key', async () => {
    const res = await t.api({ apiKey: null }).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    expect(res.text).toMatch(/^vfm_ingest_received_total\{kind="telemetry"\} \d+$/m);
    expect(res.text).toMatch(/^vfm_ingest_stored_total\{kind="telemetry"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^vfm_ingest_duplicates_total [1-9]\d*$/m);
    expect(res.text).toMatch(/^vfm_ingest_rejected_total\{reason="schema"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^vfm_ingest_lag_seconds [\d.e+-]+$/m);
  });
});
