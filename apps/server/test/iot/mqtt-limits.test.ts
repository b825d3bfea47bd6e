// MQTT limits (DESIGN §6, docs/mqtt.md): a packet over MQTT_MAX_PACKET_BYTES closes the
// connection before its body is buffered (authenticated or not); duplicates are detected on
// (module, seq) whatever their ts; a module cannot write an audit entry as a manager; a module
// has at most MAX_CONNECTIONS_PER_MODULE connections at once.
import net from 'node:net';
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers } from '../helpers/factories';
import {
  brokerUrlOf,
  connectModule,
  count,
  externalBrokerUrl,
  moduleClients,
  nextSeq,
  provisionModule,
  publishUp,
  startIotTestServer,
  telemetry,
  tryConnect,
  waitFor,
} from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { MAX_CONNECTIONS_PER_MODULE } from '../../src/ingest/module-connections';

const MAX_PACKET = 4096;
let t: TestServer;
let fleet: Awaited<ReturnType<typeof createFleetWithUsers>>;
const modules = moduleClients(() => t);
beforeAll(async () => {
  t = await startIotTestServer({ env: { MQTT_MAX_PACKET_BYTES: String(MAX_PACKET) } });
  fleet = await createFleetWithUsers(t);
});

const moduleOnline = () => modules.online(fleet.fleet);

describe.skipIf(externalBrokerUrl())('maximum packet size (embedded broker)', () => {
  it('closes the connection of a module publishing a packet over the limit, without PUBACK', async () => {
    const m = await moduleOnline();
    const before = (t.server.iot!.metrics as any).oversizedPackets;
    const closed = new Promise<'closed'>((resolve) =>
      m.client.once('close', () => resolve('closed')),
    );
    const acked = m.client
      .publishAsync(`vfm/v1/${m.moduleId}/up/telemetry`, Buffer.alloc(MAX_PACKET * 4, 0x20), {
        qos: 1,
      })
      .then(
        () => 'acked' as const,
        () => 'failed' as const,
      );
    expect(await Promise.race([closed, acked])).toBe('closed');
    expect((t.server.iot!.metrics as any).oversizedPackets).toBe(before + 1);
  });

  it('closes an unauthenticated connection announcing a huge CONNECT before reading it', async () => {
    const { hostname, port } = new URL(brokerUrlOf(t));
    const socket = net.connect(Number(port), hostname);
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    socket.on('error', () => {});
    // CONNECT, remaining length 100 MB (variable-length encoding), then the start of a body
    const length = 100 * 1024 * 1024;
    const header = [0x10];
    for (let rest = length; ;) {
      const byte = rest % 128;
      rest = Math.floor(rest / 128);
      header.push(rest > 0 ? byte | 0x80 : byte);
      if (rest === 0) break;
    }
    socket.write(Buffer.from(header));
    socket.write(Buffer.alloc(1024));
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('still takes a packet under the limit', async () => {
    const m = await moduleOnline();
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry());
    await waitFor(async () => (await count(t, 'telemetry WHERE bike_id = $1', [m.bike.id])) === 1);
  });
});

describe('duplicates and sources', () => {
  it('stores one telemetry per (module, seq), even when a copy comes with another ts', async () => {
    const m = await moduleOnline();
    const seq = nextSeq();
    const before = t.server.iot!.metrics.duplicates;
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ seq }));
    await waitFor(async () => (await count(t, 'telemetry WHERE bike_id = $1', [m.bike.id])) === 1);
    await publishUp(
      m.client,
      m.moduleId,
      'telemetry',
      telemetry({ seq, ts: new Date(Date.now() - 5_000).toISOString() }),
    );
    // and twice in one batch
    const twin = nextSeq();
    await Promise.all([
      publishUp(m.client, m.moduleId, 'telemetry', telemetry({ seq: twin })),
      publishUp(
        m.client,
        m.moduleId,
        'telemetry',
        telemetry({ seq: twin, ts: new Date(Date.now() - 1_000).toISOString() }),
      ),
    ]);
    await waitFor(() => t.server.iot!.metrics.duplicates >= before + 2, 15_000, 'duplicates');
    expect(await count(t, 'telemetry WHERE bike_id = $1', [m.bike.id])).toBe(2);
  });

  it('refuses a module event claiming the MANAGER source; MODULE and RIDER are stored', async () => {
    const m = await moduleOnline();
    const schema = t.server.iot!.metrics.rejected.schema;
    const event = (source: string) => ({
      seq: nextSeq(),
      ts: new Date().toISOString(),
      name: 'ALARM_TRIGGERED',
      source,
    });
    await publishUp(m.client, m.moduleId, 'event', event('MANAGER'));
    await publishUp(m.client, m.moduleId, 'event', event('RIDER'));
    await publishUp(m.client, m.moduleId, 'event', event('MODULE'));
    await waitFor(async () => (await count(t, 'event WHERE bike_id = $1', [m.bike.id])) === 2);
    // on a shared broker other test servers' refused messages are counted here too
    if (externalBrokerUrl()) expect(t.server.iot!.metrics.rejected.schema).toBeGreaterThan(schema);
    else expect(t.server.iot!.metrics.rejected.schema).toBe(schema + 1);
    expect(await count(t, "event WHERE bike_id = $1 AND source = 'MANAGER'", [m.bike.id])).toBe(0);
  });
});

describe.skipIf(externalBrokerUrl())('protocol versions (embedded broker)', () => {
  it('refuses an MQTT 5 client with CONNACK code 1 "unacceptable protocol version"', async () => {
    const m = await provisionModule(t, fleet.fleet);
    const error = await tryConnect(brokerUrlOf(t), {
      clientId: m.moduleId,
      username: m.moduleId,
      password: m.secret,
      protocolVersion: 5,
    });
    expect(error).not.toBeNull();
    expect((error as Error & { code?: number }).code).toBe(1);
  });
});

// docs/operations.md: 150 and 200 connections with one module's credentials were all accepted.
// Mosquitto has no per-user connection limit (docs/mqtt.md): embedded broker only.
describe.skipIf(externalBrokerUrl())('connections per module (embedded broker)', () => {
  const connectAs = (m: { moduleId: string; secret: string }, clientId: string) =>
    connectModule(brokerUrlOf(t), m.moduleId, m.secret, { clientId }).then(modules.keep);
  const tryAs = (m: { moduleId: string; secret: string }, clientId: string) =>
    tryConnect(brokerUrlOf(t), { clientId, username: m.moduleId, password: m.secret });

  it(`refuses a connection past ${MAX_CONNECTIONS_PER_MODULE} with CONNACK 5 "not authorized"`, async () => {
    const m = await provisionModule(t, fleet.fleet);
    const first = await connectAs(m, m.moduleId);
    await connectAs(m, `${m.moduleId}-tool`);
    const error = await tryAs(m, `${m.moduleId}-third`);
    expect((error as Error & { code?: number }).code).toBe(5);
    expect(first.connected).toBe(true);
  });

  it('lets a reconnect with the same client id replace the old connection at the cap', async () => {
    const m = await provisionModule(t, fleet.fleet);
    const old = await connectAs(m, m.moduleId);
    await connectAs(m, `${m.moduleId}-tool`);
    const oldClosed = new Promise<void>((resolve) => old.once('close', () => resolve()));
    const renewed = await connectAs(m, m.moduleId);
    await oldClosed;
    expect(renewed.connected).toBe(true);
  });

  it('admits at most the cap of many parallel CONNECTs, and another once one closes', async () => {
    const m = await provisionModule(t, fleet.fleet);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        connectAs(m, `${m.moduleId}-p${i}`).then(
          (client) => client,
          () => null,
        ),
      ),
    );
    const open = outcomes.filter((client) => client !== null);
    expect(open).toHaveLength(MAX_CONNECTIONS_PER_MODULE);
    await open[0]!.endAsync();
    await waitFor(async () => (await tryAs(m, `${m.moduleId}-later`)) === null, 5_000, 'a slot');
  });
});
