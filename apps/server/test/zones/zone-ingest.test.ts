// Zones enforced live (docs/zones.md): the ingest places every position in its fleet's zones as
// it writes it. A module that rides out of the service area is marked outside by the batch that
// stores its message (before its PUBACK), its OUTSIDE_SERVICE_AREA alert opens through the
// alerts' subscriber (no sweep), and clears when the module is back; a zone drawn meanwhile (in
// another process, as far as the ingest knows) is seen by the next batch.
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/api-client';
import { createFleetWithUsers } from '../helpers/factories';
import {
  bikeRow,
  moduleClients,
  publishUp,
  startIotTestServer,
  subscribeCommands,
  telemetry,
  type TestModule,
  waitFor,
} from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { drawZone, square } from '../helpers/zones';

let t: TestServer;
let manager: ApiClient;
let module: TestModule;
let client: MqttClient;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
const modules = moduleClients(() => t);

beforeAll(async () => {
  t = await startIotTestServer();
  cast = await createFleetWithUsers(t);
  manager = t.api({ token: cast.managerToken });
  ({ client, ...module } = await modules.online(cast.fleet, { latitude: 45.76, longitude: 4.835 }));
  await drawZone(manager, 'Centre', 'SERVICE_AREA', [4.8, 45.74, 0.06]);
});

const alertsOf = async (state: 'OPEN' | 'CLEARED' | null = null) =>
  (
    await manager.get('alerts', {
      query: { vehicleNumber: module.bike.vehicleNumber, ...(state ? { state } : {}) },
    })
  ).body.content as Array<{ kind: string; state: string }>;

describe('zones placed by the ingest', () => {
  it('marks a bike outside the service area with the batch that stores its position', async () => {
    await publishUp(client, module.moduleId, 'telemetry', telemetry({ lat: 45.9, lon: 4.835 }));
    // on the embedded broker the PUBACK comes after the commit; on a shared broker (CI's
    // Mosquitto) it comes from the broker: wait for the batch (well within the sweep's minute)
    const row = await waitFor(async () => {
      const current = await bikeRow(t, module.bike.id);
      return current.latitude === 45.9 ? current : null;
    }, 10_000);
    expect(row.outside_service_area_since).not.toBeNull();
    const open = await waitFor(
      async () => {
        const alerts = await alertsOf();
        return alerts.some((a) => a.kind === 'OUTSIDE_SERVICE_AREA') ? alerts : null;
      },
      15_000,
      'the outside-the-service-area alert',
    );
    expect(open.filter((a) => a.kind === 'OUTSIDE_SERVICE_AREA')).toHaveLength(1);
  });

  it('clears the mark and the alert when the module is back inside', async () => {
    await publishUp(client, module.moduleId, 'telemetry', telemetry({ lat: 45.76, lon: 4.835 }));
    await waitFor(
      async () => (await bikeRow(t, module.bike.id)).outside_service_area_since === null,
      10_000,
    );
    // the built-in rule's FAR_OUTSIDE_SERVICE_AREA clears too, in either order: find this one
    const cleared = await waitFor(
      async () =>
        (await alertsOf('CLEARED')).find((a) => a.kind === 'OUTSIDE_SERVICE_AREA') ?? null,
      15_000,
      'the alert cleared',
    );
    expect(cleared).toMatchObject({ kind: 'OUTSIDE_SERVICE_AREA' });
  });

  it('sees a zone drawn after its index was built', async () => {
    const noRide = await drawZone(manager, 'Parc', 'NO_RIDE', [4.83, 45.755, 0.01]);
    await publishUp(client, module.moduleId, 'telemetry', telemetry({ lat: 45.76, lon: 4.835 }));
    await waitFor(
      async () => (await bikeRow(t, module.bike.id)).no_ride_zone_since !== null,
      10_000,
    );
    await manager.delete(`zones/${noRide}`);
    await publishUp(client, module.moduleId, 'telemetry', telemetry({ lat: 45.761, lon: 4.835 }));
    await waitFor(
      async () => (await bikeRow(t, module.bike.id)).no_ride_zone_since === null,
      10_000,
    );
  });
});

describe("zones' automatic commands (docs/zones.md)", () => {
  it('lock the assistance in a no-ride zone, send a slow zone its speed, arm the alarm outside, each undone once', async () => {
    // a fleet of its own: the zones above would place this bike too
    const own = await createFleetWithUsers(t);
    const api = t.api({ token: own.managerToken });
    const { client: c, ...m } = await modules.online(own.fleet, {
      latitude: 45.76,
      longitude: 4.835,
    });
    const inbox = await subscribeCommands(c, m.moduleId);
    for (const zone of [
      {
        name: 'Ville',
        type: 'SERVICE_AREA',
        geometry: square(4.8, 45.74, 0.06),
        autoCommands: true,
      },
      { name: 'Jardin', type: 'NO_RIDE', geometry: square(4.84, 45.755, 0.01), autoCommands: true },
      {
        name: 'Quais',
        type: 'SLOW',
        maxSpeedKmh: 12,
        geometry: square(4.82, 45.755, 0.01),
        autoCommands: true,
      },
    ]) {
      const created = await api.post('zones', zone);
      expect(created.status, created.text).toBe(201);
      expect(created.body.autoCommands).toBe(true);
    }
    const at = (lat: number, lon: number) =>
      publishUp(
        c,
        m.moduleId,
        'telemetry',
        telemetry({ lat, lon, speedKmh: 14, mode: 'NAVIGATION' }),
      );

    await at(45.76, 4.845); // into the no-ride zone
    expect(await inbox.next()).toMatchObject({ type: 'LOCK_CONTROL', value: true });
    await at(45.76, 4.825); // out of it, into the slow zone
    const [unlock, speed] = [await inbox.next(), await inbox.next()].sort((a, b) =>
      a.type.localeCompare(b.type),
    );
    expect(unlock).toMatchObject({ type: 'LOCK_CONTROL', value: false });
    expect(speed).toMatchObject({ type: 'SPEED_LIMIT', value: 12 });
    await at(45.76, 4.836); // out of the slow zone: no limit
    expect(await inbox.next()).toMatchObject({ type: 'SPEED_LIMIT', value: 0 });
    await at(45.9, 4.836); // out of the service area: the alarm
    expect(await inbox.next()).toMatchObject({ type: 'ALARM', value: true });
    await at(45.91, 4.836); // still outside: nothing more
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(inbox.received).toEqual([]);

    // each command names its zone, and its history event has the zone as its source
    const history = await api.get(`products/details/commands/${m.bike.vehicleNumber}`);
    expect(history.status, history.text).toBe(200);
    const by = (history.body.content ?? history.body) as Array<{
      type: string;
      requestedBy: string;
    }>;
    expect(by.map((command) => command.requestedBy).sort()).toEqual(
      ['ZONE:Jardin', 'ZONE:Jardin', 'ZONE:Quais', 'ZONE:Quais', 'ZONE:Ville'].sort(),
    );
    const events = await t.server.database.query<{ name: string; source: string; data: any }>(
      `SELECT name, source, data FROM event WHERE bike_id = $1 AND source = 'ZONE' ORDER BY id`,
      [m.bike.id],
    );
    expect(events.map((e) => e.name)).toEqual([
      'ASSISTANCE_LOCKED',
      expect.stringMatching(/ASSISTANCE_UNLOCKED|SPEED_LIMIT_SET/),
      expect.stringMatching(/ASSISTANCE_UNLOCKED|SPEED_LIMIT_SET/),
      'SPEED_LIMIT_SET',
      'ALARM_ON',
    ]);
    expect(events[0]!.data.zone).toMatchObject({ name: 'Jardin' });
  });

  it('refuses automatic commands on a zone type that has none', async () => {
    const res = await manager.post('zones', {
      name: 'Trottoir',
      type: 'NO_PARKING',
      geometry: square(4.9, 45.8, 0.01),
      autoCommands: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field ?? res.text).toContain('autoCommands');
  });
});
