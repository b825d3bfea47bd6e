// Zones enforced live (issue 23 §3): the ingest places every position in its fleet's zones as
// it writes it. A module that rides out of the service area is marked outside by the batch that
// stores its message (before its PUBACK), its OUTSIDE_SERVICE_AREA alert opens through the
// alerts' subscriber (no sweep), and clears when the module is back; a zone drawn meanwhile (in
// another process, as far as the ingest knows) is seen by the next batch.
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/api-client';
import { createFleetWithUsers } from '../helpers/factories';
import {
  bikeRow,
  brokerUrlOf,
  connectModule,
  provisionModule,
  publishUp,
  startIotTestServer,
  telemetry,
  waitFor,
  type TestModule,
} from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';

let t: TestServer;
let manager: ApiClient;
let module: TestModule;
let client: MqttClient;

const square = (x: number, y: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ],
});

beforeAll(async () => {
  t = await startIotTestServer();
  const cast = await createFleetWithUsers(t);
  manager = t.api({ token: cast.managerToken });
  module = await provisionModule(t, cast.fleet, { latitude: 45.76, longitude: 4.835 });
  client = await connectModule(brokerUrlOf(t), module.moduleId, module.secret);
  const area = await manager.post('zones', {
    name: 'Centre',
    type: 'SERVICE_AREA',
    geometry: square(4.8, 45.74, 0.06),
  });
  expect(area.status, area.text).toBe(201);
});
afterAll(async () => {
  await client?.endAsync(true);
  await t.close();
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
    // the PUBACK came after the commit: the mark is there, no sweep ran
    const row = await bikeRow(t, module.bike.id);
    expect(row.latitude).toBe(45.9);
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
    expect((await bikeRow(t, module.bike.id)).outside_service_area_since).toBeNull();
    const cleared = await waitFor(
      async () => {
        const alerts = await alertsOf('CLEARED');
        return alerts.some((a) => a.kind === 'OUTSIDE_SERVICE_AREA') ? alerts : null;
      },
      15_000,
      'the alert cleared',
    );
    expect(cleared[0]).toMatchObject({ kind: 'OUTSIDE_SERVICE_AREA' });
  });

  it('sees a zone drawn after its index was built', async () => {
    const noRide = await manager.post('zones', {
      name: 'Parc',
      type: 'NO_RIDE',
      geometry: square(4.83, 45.755, 0.01),
    });
    expect(noRide.status, noRide.text).toBe(201);
    await publishUp(client, module.moduleId, 'telemetry', telemetry({ lat: 45.76, lon: 4.835 }));
    expect((await bikeRow(t, module.bike.id)).no_ride_zone_since).not.toBeNull();
    await manager.delete(`zones/${noRide.body.id}`);
    await publishUp(client, module.moduleId, 'telemetry', telemetry({ lat: 45.761, lon: 4.835 }));
    expect((await bikeRow(t, module.bike.id)).no_ride_zone_since).toBeNull();
  });
});
