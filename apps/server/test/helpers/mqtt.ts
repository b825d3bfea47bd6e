// MQTT helpers for IoT tests: a test server whose broker is the embedded one (port 0) or —
// when MQTT_URL is set (CI's second pass) — that external broker with a shared-subscription
// group and session of its own; modules provisioned straight in the database; real module
// clients (the mqtt package) speaking the documented protocol.
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll } from 'vitest';
import { commandTopic, upTopic, type CommandMessage, type UpKind } from '@vfm/contract';
import { hashModuleSecret, generateModuleSecret } from '../../src/lib/module-secret';
import { createBike, type BikeRow } from './bikes';
import type { FleetRow } from './factories';
import { startTestServer, type StartOptions, type TestServer } from './server';

export const externalBrokerUrl = () => process.env.MQTT_URL || null;

/** A test server with the IoT side on: embedded broker on a free port, or MQTT_URL. */
export function startIotTestServer(options: StartOptions = {}): Promise<TestServer> {
  const unique = randomBytes(4).toString('hex');
  const external = externalBrokerUrl();
  return startTestServer({
    ...options,
    env: {
      INGEST_FLUSH_MS: '20',
      // a group and session per test server, or parallel test files steal each other's messages
      ...(external
        ? {
            MQTT_URL: external,
            MQTT_SHARED_GROUP: `vfm-test-${unique}`,
            MQTT_CLIENT_ID: `vfm-test-${unique}`,
            MQTT_SESSION_EXPIRY: '60',
          }
        : {}),
      ...options.env,
    },
  });
}

export function brokerUrlOf(t: TestServer): string {
  const iot = t.server.iot;
  if (!iot) throw new Error('this test server runs no ingest');
  return iot.brokerUrl;
}

export interface TestModule {
  bike: BikeRow;
  moduleId: string;
  secret: string;
}

/** A bike of the fleet with a module whose secret is known (the import's effect). */
export async function provisionModule(
  t: TestServer,
  fleet: FleetRow,
  columns: Record<string, unknown> = {},
): Promise<TestModule> {
  const bike = await createBike(t, fleet, columns);
  const secret = generateModuleSecret();
  await t.server.database.query(
    'INSERT INTO module_credential (module_id, bike_id, secret_hash) VALUES ($1, $2, $3)',
    [bike.moduleId, bike.id, await hashModuleSecret(secret)],
  );
  return { bike, moduleId: bike.moduleId, secret };
}

/** Connects as the module would: client id = username = module id, password = secret. */
export async function connectModule(
  url: string,
  moduleId: string,
  secret: string,
  options: mqtt.IClientOptions = {},
  /** runs before the connection opens (e.g. a message listener for queued commands) */
  beforeConnect?: (client: MqttClient) => void,
): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: moduleId,
    username: moduleId,
    password: secret,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ...options,
  });
  beforeConnect?.(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
    client.once('close', () => reject(new Error('connection closed')));
  });
  client.removeAllListeners('error');
  client.on('error', () => {});
  return client;
}

export interface OnlineModule extends TestModule {
  client: MqttClient;
}

/**
 * The module clients of one test file and what they talk to: after all its tests the clients
 * end (one the server or the test closed already may refuse, which is fine), then
 * `beforeClose` runs (streams, receivers), then the server closes.
 */
export function moduleClients(server: () => TestServer | undefined, beforeClose?: () => unknown) {
  const open: MqttClient[] = [];
  afterAll(async () => {
    await Promise.all(open.map((client) => client.endAsync(true).catch(() => {})));
    await beforeClose?.();
    await server()?.close();
  });
  const keep = (client: MqttClient) => {
    open.push(client);
    return client;
  };
  return {
    /** a client the test connected itself, ended with the others */
    keep,
    /** a module of the fleet provisioned (with these bike columns) and connected */
    async online(fleet: FleetRow, columns: Record<string, unknown> = {}): Promise<OnlineModule> {
      const t = server()!;
      const module = await provisionModule(t, fleet, columns);
      const client = keep(await connectModule(brokerUrlOf(t), module.moduleId, module.secret));
      return { ...module, client };
    },
  };
}

/** Connection attempt that is expected to fail: resolves with the error (or null if it connected). */
export async function tryConnect(url: string, options: mqtt.IClientOptions): Promise<Error | null> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 10_000, ...options });
  const outcome = await new Promise<Error | null>((resolve) => {
    client.once('connect', () => resolve(null));
    client.once('error', (error) => resolve(error));
    client.once('close', () => resolve(new Error('connection closed')));
  });
  await client.endAsync(true);
  return outcome;
}

let seqCounter = Date.now();
/** Per-module monotonic sequence numbers (epoch-ms based, as the simulator does). */
export const nextSeq = () => (seqCounter += 1);

export async function publishUp(client: MqttClient, moduleId: string, kind: UpKind, body: unknown) {
  const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  await client.publishAsync(upTopic(moduleId, kind), payload, { qos: 1 });
}

export interface CommandInbox {
  received: CommandMessage[];
  /** the next command not yet taken */
  next(timeoutMs?: number): Promise<CommandMessage>;
}

/** Collects the commands a module client receives (attach before connecting to see queued ones). */
export function collectCommands(client: MqttClient, moduleId: string): CommandInbox {
  const received: CommandMessage[] = [];
  const waiters: Array<() => void> = [];
  client.on('message', (topic, payload) => {
    if (topic !== commandTopic(moduleId)) return;
    received.push(JSON.parse(payload.toString()) as CommandMessage);
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    received,
    async next(timeoutMs = 15_000): Promise<CommandMessage> {
      const deadline = Date.now() + timeoutMs;
      while (!received.length) {
        if (Date.now() > deadline) throw new Error('no command received');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received.shift()!;
    },
  };
}

/** Subscribes the module to its commands and collects them. */
export async function subscribeCommands(
  client: MqttClient,
  moduleId: string,
  inbox: CommandInbox = collectCommands(client, moduleId),
) {
  const granted = await client.subscribeAsync(commandTopic(moduleId), { qos: 1 });
  return { ...inbox, granted };
}

/** Polls until fn returns a truthy value (conditions, not durations: no timing assertions). */
type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value as Truthy<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const telemetry = (overrides: Record<string, unknown> = {}) => ({
  seq: nextSeq(),
  ts: new Date().toISOString(),
  lat: 45.76,
  lon: 4.835,
  speedKmh: 0,
  mode: 'STANDBY',
  bikeBattery: 80,
  iotBattery: 90,
  ...overrides,
});

export async function bikeRow(t: TestServer, bikeId: number): Promise<Record<string, any>> {
  const [row] = await t.server.database.query('SELECT * FROM bike WHERE id = $1', [bikeId]);
  return row as Record<string, any>;
}

export async function count(t: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.server.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql}`,
    params,
  );
  return row!.n;
}
