// The embedded broker's rules (DESIGN §6): per-module credentials, a module publishes only
// under its own up topics and reads only its own commands. Always the embedded broker (the
// same rules on Mosquitto are in mosquitto.test.ts).
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTopic, upTopic } from '@vfm/contract';
import { createFleetWithUsers } from '../helpers/factories';
import {
  brokerUrlOf,
  connectModule,
  count,
  provisionModule,
  publishUp,
  telemetry,
  tryConnect,
  waitFor,
  type TestModule,
} from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
let url: string;
let a: TestModule;
let b: TestModule;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await startTestServer();
  url = brokerUrlOf(t);
  const { fleet } = await createFleetWithUsers(t);
  a = await provisionModule(t, fleet);
  b = await provisionModule(t, fleet);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

async function online(m: TestModule) {
  const client = await connectModule(url, m.moduleId, m.secret);
  clients.push(client);
  return client;
}

const closed = (client: MqttClient) =>
  new Promise<void>((resolve) => {
    if (client.disconnected || !client.connected) resolve();
    client.once('close', () => resolve());
  });

describe('authentication', () => {
  it('accepts a module with its own secret, also on a second connection `{id}-…`', async () => {
    const client = await online(a);
    expect(client.connected).toBe(true);
    const tool = await connectModule(url, a.moduleId, a.secret, { clientId: `${a.moduleId}-tool` });
    clients.push(tool);
    expect(tool.connected).toBe(true);
  });

  it('refuses a wrong secret, an unknown module and a client id other than the module id', async () => {
    const failures = t.server.iot!.metrics.authFailures;
    const wrong = await tryConnect(url, {
      clientId: a.moduleId,
      username: a.moduleId,
      password: 'wrong-secret',
    });
    expect(wrong?.message).toMatch(/Bad username or password/i);
    const unknown = await tryConnect(url, {
      clientId: 'Z99999',
      username: 'Z99999',
      password: a.secret,
    });
    expect(unknown).not.toBeNull();
    const anonymous = await tryConnect(url, { clientId: a.moduleId });
    expect(anonymous).not.toBeNull();
    const borrowed = await tryConnect(url, {
      clientId: b.moduleId,
      username: a.moduleId,
      password: a.secret,
    });
    expect(borrowed).not.toBeNull();
    expect(t.server.iot!.metrics.authFailures).toBeGreaterThanOrEqual(failures + 4);
  });
});

describe('topic rules', () => {
  it("disconnects a module that publishes under another module's id, and stores nothing", async () => {
    const spoofer = await online(a);
    const gone = closed(spoofer);
    spoofer.publish(upTopic(b.moduleId, 'telemetry'), JSON.stringify(telemetry()), { qos: 1 });
    await gone;
    expect(await count(t, 'telemetry WHERE bike_id = $1', [b.bike.id])).toBe(0);
  });

  it('disconnects a module that publishes outside its up topics', async () => {
    for (const topic of [
      commandTopic(a.moduleId),
      `vfm/v1/${a.moduleId}/up/other`,
      'anything/else',
    ]) {
      const client = await online(a);
      const gone = closed(client);
      client.publish(topic, '{}', { qos: 1 });
      await gone;
    }
  });

  it("refuses subscriptions to another module's commands or to wildcards", async () => {
    const client = await online(a);
    const error = await client
      .subscribeAsync(
        [commandTopic(b.moduleId), 'vfm/v1/+/down/command', '#', commandTopic(a.moduleId)],
        { qos: 1 },
      )
      .then(
        () => null,
        (e: { packet?: { granted?: number[] } }) => e,
      );
    // SUBACK: 0x80 (failure) for the three foreign filters, QoS 1 for its own command topic
    expect(error?.packet?.granted).toEqual([128, 128, 128, 1]);
  });

  it('still ingests the rightful module', async () => {
    const client = await online(b);
    await publishUp(client, b.moduleId, 'telemetry', telemetry());
    await waitFor(async () => (await count(t, 'telemetry WHERE bike_id = $1', [b.bike.id])) === 1);
  });
});
