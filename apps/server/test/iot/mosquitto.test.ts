// The production set-up of docs/operations.md: a Mosquitto with the password file and ACL that
// `npm run mosquitto-config` generates, the server as its client (MQTT 5, shared subscription,
// persistent session). Per-module credentials and topic rules are the broker's job there.
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTopic, upTopic } from '@vfm/contract';
import { createFleetWithUsers } from '../helpers/factories';
import {
  connectModule,
  count,
  nextSeq,
  provisionModule,
  publishUp,
  subscribeCommands,
  telemetry,
  tryConnect,
  waitFor,
  type TestModule,
} from '../helpers/mqtt';
import { mosquittoAvailable, startMosquitto, type TestMosquitto } from '../helpers/mosquitto';
import { startTestServer, type TestServer } from '../helpers/server';
import { randomBytes } from 'node:crypto';

const SERVER_USER = 'vfm-server';
const SERVER_PASSWORD = randomBytes(12).toString('hex');

describe.skipIf(!mosquittoAvailable)('Mosquitto with the generated password file and ACL', () => {
  let broker: TestMosquitto;
  let t: TestServer;
  let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
  let a: TestModule;
  let b: TestModule;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    broker = await startMosquitto({ serverUser: SERVER_USER, serverPassword: SERVER_PASSWORD });
    const unique = randomBytes(4).toString('hex');
    t = await startTestServer({
      env: {
        MQTT_URL: `mqtt://${SERVER_USER}:${SERVER_PASSWORD}@127.0.0.1:${broker.port}`,
        MQTT_SHARED_GROUP: `g${unique}`,
        MQTT_CLIENT_ID: `vfm-${unique}`,
        MQTT_SESSION_EXPIRY: '60',
        INGEST_FLUSH_MS: '20',
      },
    });
    cast = await createFleetWithUsers(t);
    a = await provisionModule(t, cast.fleet);
    b = await provisionModule(t, cast.fleet);
    // after an import: regenerate the files and reload the broker (docs/operations.md)
    await broker.reload(t.server.database);
    await waitFor(() => canConnect(a), 10_000, 'the reloaded password file');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t?.close();
    await broker?.stop();
  });

  const canConnect = async (m: TestModule) =>
    (await tryConnect(broker.url, {
      clientId: m.moduleId,
      username: m.moduleId,
      password: m.secret,
    })) === null;

  const online = async (m: TestModule) => {
    const client = await connectModule(broker.url, m.moduleId, m.secret);
    clients.push(client);
    return client;
  };

  it('is the server’s broker: ready through its own credentials', () => {
    expect(t.server.iot!.transport.kind).toBe('external');
    expect(t.server.iot!.isReady()).toBe(true);
  });

  it('refuses a wrong secret and an anonymous client', async () => {
    expect(
      await tryConnect(broker.url, {
        clientId: a.moduleId,
        username: a.moduleId,
        password: 'nope',
      }),
    ).not.toBeNull();
    expect(await tryConnect(broker.url, { clientId: 'anonymous' })).not.toBeNull();
  });

  it('delivers a module’s telemetry to the server, and drops what it publishes under another id', async () => {
    const client = await online(a);
    await client.publishAsync(upTopic(b.moduleId, 'telemetry'), JSON.stringify(telemetry()), {
      qos: 1,
    });
    await publishUp(client, a.moduleId, 'telemetry', telemetry());
    // a's own message, sent after the spoofed one, arrives: the spoofed one was dropped
    await waitFor(async () => (await count(t, 'telemetry WHERE bike_id = $1', [a.bike.id])) === 1);
    expect(await count(t, 'telemetry WHERE bike_id = $1', [b.bike.id])).toBe(0);
  });

  it("never delivers another module's commands, whatever a module subscribes to", async () => {
    // Mosquitto grants the SUBACK and enforces the ACL at delivery: prove nothing arrives
    const spy = await online(a);
    const seen: string[] = [];
    spy.on('message', (topic) => seen.push(topic));
    await spy.subscribeAsync(
      [commandTopic(b.moduleId), 'vfm/v1/+/down/command', '#', commandTopic(a.moduleId)],
      {
        qos: 1,
      },
    );
    const manager = t.api({ token: cast.managerToken });
    const forB = await manager.post(`commands/alarm/${b.bike.vehicleNumber}`, undefined, {
      query: { active: true },
    });
    expect(forB.status).toBe(202);
    const forA = await manager.post(`commands/alarm/${a.bike.vehicleNumber}`, undefined, {
      query: { active: true },
    });
    expect(forA.status).toBe(202);
    // one broker, one connection: had b's command reached a, it would have come before a's own
    await waitFor(() => seen.includes(commandTopic(a.moduleId)), 15_000, "a's own command");
    expect(seen.every((topic) => topic === commandTopic(a.moduleId))).toBe(true);
  });

  it('carries a command round trip through the ACL', async () => {
    const client = await online(b);
    const inbox = await subscribeCommands(client, b.moduleId);
    const res = await t
      .api({ token: cast.managerToken })
      .post(`commands/lockControl/${b.bike.vehicleNumber}`, undefined, { query: { active: true } });
    expect(res.status).toBe(202);
    const command = await inbox.next();
    await publishUp(client, b.moduleId, 'ack', {
      seq: nextSeq(),
      ts: new Date().toISOString(),
      commandId: command.commandId,
      status: 'OK',
    });
    await waitFor(async () => {
      const [row] = await t.server.database.query<{ assistance_locked: boolean }>(
        'SELECT assistance_locked FROM bike WHERE id = $1',
        [b.bike.id],
      );
      return row!.assistance_locked;
    });
  });

  it('refuses a removed module once the files are regenerated', async () => {
    const res = await t
      .api({ token: cast.adminToken })
      .delete('fleet/admin/vehicles', { query: { vehicleNumbers: a.bike.vehicleNumber } });
    expect(res.status).toBe(200);
    await broker.reload(t.server.database);
    await waitFor(async () => !(await canConnect(a)), 10_000, 'the removed module refused');
  });
});
