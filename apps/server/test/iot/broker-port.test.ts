// The embedded broker's port (DESIGN §2 MQTT_PORT): a busy default port falls back to a free one with a
// warning (the machine may run its own Mosquitto on 1883); an explicit MQTT_PORT that is busy
// stops the start with a clear message. Readiness reports the broker.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server';

let blocker: net.Server;
let busyPort: number;

beforeAll(async () => {
  blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  busyPort = (blocker.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

describe('embedded broker port', () => {
  it('falls back to a free port when the default one is busy, and is ready', async () => {
    const t = await startTestServer({ config: { mqttPort: busyPort, mqttPortExplicit: false } });
    try {
      const url = new URL(t.server.iot!.brokerUrl);
      expect(Number(url.port)).not.toBe(busyPort);
      expect(t.server.iot!.transport.port).toBe(Number(url.port));
      const ready = await t.api().get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toEqual({ database: true, mqtt: true, ingest: true });
    } finally {
      await t.close();
    }
  });

  it('refuses to start when an explicit MQTT_PORT is busy', async () => {
    await expect(
      startTestServer({ config: { mqttPort: busyPort, mqttPortExplicit: true } }),
    ).rejects.toThrow(new RegExp(`MQTT_PORT ${busyPort} is already in use`));
  });
});
