// The embedded MQTT broker (DESIGN §2: aedes in-process when MQTT_URL is not set).
// - modules authenticate with username = module id (also the client id) and their secret;
// - a module publishes only under vfm/v1/{its id}/up/… and subscribes only to its own
//   vfm/v1/{its id}/down/command (anything else: publish → disconnected, subscribe → 0x80);
// - a module's up message goes to the ingest pipeline BEFORE the broker answers PUBACK, and
//   the PUBACK leaves only once the message is committed (ADR 0010);
// - the server itself publishes commands with aedes.publish (privileged, no client).
import net from 'node:net';
import { Aedes, type AedesOptions, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { MQTT_QOS, commandTopic, firmwareTopic, parseUpTopic } from '@vfm/contract';
import type { IngestMetrics } from './metrics';
import { limitPacketSize } from './packet-limit';
import type { ModuleAuthenticator } from './module-auth';
import { MAX_CONNECTIONS_PER_MODULE, ModuleConnections } from './module-connections';
import type { IngestPipeline } from './pipeline';
import type { MqttTransport } from './transport';

export interface EmbeddedBrokerOptions {
  port: number;
  /** MQTT_PORT given explicitly: a busy port is fatal, otherwise fall back to a free one */
  portExplicit: boolean;
  host: string;
  /** MQTT_MAX_PACKET_BYTES: checked on the packet's length header, before its body is read */
  maxPacketBytes: number;
  auth: ModuleAuthenticator;
  pipeline: IngestPipeline;
  metrics: IngestMetrics;
  logger: Logger;
  /** a module (re)connected or subscribed to its command topic: deliver what waits for it */
  onModuleReady: (moduleId: string) => void;
}

export class MqttPortBusyError extends Error {
  constructor(port: number) {
    super(
      `MQTT_PORT ${port} is already in use (another MQTT broker?). Choose another MQTT_PORT ` +
        '(0 = any free port), stop the other broker, or connect to it with MQTT_URL.',
    );
    this.name = 'MqttPortBusyError';
  }
}

const BAD_USERNAME_OR_PASSWORD = 4;
/** MQTT 3.1.1 has no "quota exceeded": the credentials are right, this connection is not */
const NOT_AUTHORIZED = 5;

const corked = new WeakSet<object>();
function corkUntilNextTick(conn: unknown) {
  const socket = conn as { cork?: () => void; uncork?: () => void };
  if (!socket.cork || corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  process.nextTick(() => {
    corked.delete(socket);
    socket.uncork!();
  });
}

/** event-loop turns with nothing left to write before the connections may close */
const QUIET_TURNS = 5;
const ACK_FLUSH_LIMIT_MS = 2000;

async function flushAcks(clients: Client[]): Promise<void> {
  const deadline = Date.now() + ACK_FLUSH_LIMIT_MS;
  let quiet = 0;
  while (quiet < QUIET_TURNS && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
    const buffered = clients.some((client) => {
      const socket = client.conn as unknown as { writableLength?: number; destroyed?: boolean };
      return !socket.destroyed && (socket.writableLength ?? 0) > 0;
    });
    quiet = buffered ? 0 : quiet + 1;
  }
}

/**
 * Ends the connections (FIN after their last PUBACK) and waits until each module closed its
 * side, up to the limit. A socket destroyed while the module is still publishing to it has
 * unread data: the kernel answers with a reset, which throws away the PUBACKs the module had
 * received but not read yet — it would resend what is stored.
 */
async function endConnections(clients: Client[]): Promise<void> {
  const closing = clients.flatMap((client) => {
    const socket = client.conn as unknown as net.Socket;
    if (!socket || socket.destroyed || typeof socket.end !== 'function') return [];
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.end();
    return [closed];
  });
  if (!closing.length) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closing),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ACK_FLUSH_LIMIT_MS))),
  ]);
  clearTimeout(timer);
}

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** Which module each authenticated connection is, each module's open connections, and those
 *  admitted but maybe not ready yet (the per-module cap). */
interface Connections {
  moduleOf: WeakMap<Client, string>;
  connected: Map<string, Set<Client>>;
  admitted: ModuleConnections;
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<MqttTransport> {
  const connections: Connections = {
    moduleOf: new WeakMap(),
    connected: new Map(),
    admitted: new ModuleConnections(),
  };
  const aedes = await Aedes.createBroker({
    // packets a module may send before its CONNACK (the secret check is asynchronous)
    queueLimit: 1000,
    ...moduleRules(options, connections),
  });
  trackConnections(aedes, options, connections);
  const server = net.createServer((socket) => {
    const client = aedes.handle(socket);
    limitPacketSize(client, options.maxPacketBytes, (bytes) => {
      options.metrics.oversizedPackets += 1;
      options.logger.warn(
        {
          moduleId: connections.moduleOf.get(client) ?? null,
          bytes,
          limit: options.maxPacketBytes,
        },
        'MQTT packet over MQTT_MAX_PACKET_BYTES: connection closed',
      );
    });
  });
  const port = await listenOrFallBack(server, aedes, options);
  options.logger.info({ port }, `embedded MQTT broker listening on port ${port}`);
  return transport(aedes, server, port, connections);
}

/** The broker's checks: who a module is, and what it may publish and subscribe to. */
function moduleRules(
  options: EmbeddedBrokerOptions,
  { moduleOf, admitted }: Connections,
): Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'> {
  const { auth, pipeline, metrics, logger } = options;
  return {
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8');
      // the client id is the module id (or `{module id}-…` for a second connection of the
      // same module, e.g. a test tool): no module can take over another module's session
      const claimed =
        username !== undefined && (client.id === username || client.id.startsWith(`${username}-`))
          ? username
          : undefined;
      auth.verify(claimed, secret).then(
        (ok) => {
          // checked and counted in one step: parallel CONNECTs cannot all pass
          if (ok && !admitted.admit(claimed!, client)) {
            logger.warn(
              { moduleId: claimed, limit: MAX_CONNECTIONS_PER_MODULE },
              'module connection refused: too many connections of this module',
            );
            const error = new Error('too many connections of this module') as AuthenticateError;
            error.returnCode = NOT_AUTHORIZED;
            return done(error, false);
          }
          if (ok) {
            moduleOf.set(client, claimed!);
            return done(null, true);
          }
          metrics.authFailures += 1;
          const error = new Error('bad module id or secret') as AuthenticateError;
          error.returnCode = BAD_USERNAME_OR_PASSWORD;
          done(error, false);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'module authentication failed');
          const failure = new Error('authentication unavailable') as AuthenticateError;
          failure.returnCode = 3; // server unavailable: the module retries later
          done(failure, false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      const moduleId = client ? moduleOf.get(client) : undefined;
      const topic = moduleId ? parseUpTopic(packet.topic) : null;
      if (!client || !topic || topic.moduleId !== moduleId) {
        logger.warn({ moduleId, topic: packet.topic }, 'module publish refused');
        return done(new Error(`publishing to ${packet.topic} is not allowed`));
      }
      packet.retain = false;
      pipeline.accept(topic.moduleId, topic.kind, packet.payload as Buffer, (stored) => {
        // the ingest is stopping: no PUBACK, and no error either — an error makes aedes drop
        // the connection at once, with the PUBACKs of what was stored still unwritten (corked
        // below), and the module would resend what is stored. Unacknowledged, this message is
        // sent again to the next server; the graceful close writes the others' PUBACKs first.
        if (!stored) return;
        // a batch acknowledges many messages of a connection at once: one write, not one each
        corkUntilNextTick(client.conn);
        done(null);
      });
    },
    authorizeSubscribe(client, subscription, done) {
      const moduleId = moduleOf.get(client);
      const allowed =
        moduleId !== undefined &&
        (subscription.topic === commandTopic(moduleId) ||
          subscription.topic === firmwareTopic(moduleId));
      if (!allowed)
        logger.warn({ moduleId, topic: subscription.topic }, 'module subscribe refused');
      done(
        null,
        allowed ? { ...subscription, qos: Math.min(subscription.qos, MQTT_QOS) as 0 | 1 } : null,
      );
    },
  };
}

/** Keeps the list of connected modules and tells when one is ready for its commands. */
function trackConnections(
  aedes: Aedes,
  options: EmbeddedBrokerOptions,
  { moduleOf, connected }: Connections,
) {
  const { metrics, logger } = options;
  aedes.on('clientReady', (client) => {
    const moduleId = moduleOf.get(client);
    if (!moduleId) return;
    let clients = connected.get(moduleId);
    if (!clients) connected.set(moduleId, (clients = new Set()));
    clients.add(client);
    metrics.connectedModules = connected.size;
    // a persistent session's subscription is back already: deliver what waited
    options.onModuleReady(moduleId);
  });
  aedes.on('clientDisconnect', (client) => {
    const moduleId = moduleOf.get(client);
    const clients = moduleId ? connected.get(moduleId) : undefined;
    clients?.delete(client);
    if (moduleId && clients?.size === 0) connected.delete(moduleId);
    metrics.connectedModules = connected.size;
  });
  aedes.on('subscribe', (subscriptions, client) => {
    const moduleId = client ? moduleOf.get(client) : undefined;
    if (moduleId && subscriptions.some((s) => s.topic === commandTopic(moduleId) && s.qos <= 2)) {
      options.onModuleReady(moduleId);
    }
  });
  aedes.on('clientError', (client, error) => {
    logger.debug({ moduleId: client.id, err: error.message }, 'module connection error');
  });
  aedes.on('connectionError', (client, error) => {
    logger.debug({ moduleId: client.id, err: error.message }, 'module connection refused');
  });
}

/** Listens on MQTT_PORT; a busy default port falls back to a free one (an explicit one is fatal). */
async function listenOrFallBack(
  server: net.Server,
  aedes: Aedes,
  options: EmbeddedBrokerOptions,
): Promise<number> {
  try {
    return await listen(server, options.port, options.host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (options.portExplicit) {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      throw new MqttPortBusyError(options.port);
    }
    const port = await listen(server, 0, options.host);
    options.logger.warn(
      { wanted: options.port, port },
      `MQTT port ${options.port} is busy (another broker?): the embedded broker listens on ${port} instead; set MQTT_PORT to choose`,
    );
    return port;
  }
}

/** The MqttTransport the ingest runtime and the dispatcher use. */
function transport(
  aedes: Aedes,
  server: net.Server,
  port: number,
  { connected }: Connections,
): MqttTransport {
  let listening = true;
  // net.Server.close() calls back once every connection is gone, i.e. after aedes.close()
  let serverClosed: Promise<void> | null = null;
  const closeServer = () =>
    (serverClosed ??= new Promise<void>((resolve) => server.close(() => resolve())));

  const publishTo = (topic: string, payload: Buffer) =>
    new Promise<void>((resolve, reject) => {
      aedes.publish(
        {
          cmd: 'publish',
          topic,
          payload,
          qos: MQTT_QOS,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      );
    });

  return {
    kind: 'embedded',
    port,
    publishCommand(moduleId, payload) {
      return publishTo(commandTopic(moduleId), payload);
    },
    publishFirmware(moduleId, payload) {
      return publishTo(firmwareTopic(moduleId), payload);
    },
    onlineModules: () => new Set(connected.keys()),
    disconnectModules(moduleIds) {
      for (const id of moduleIds) for (const client of connected.get(id) ?? []) client.close();
    },
    isReady: () => listening && !aedes.closed,
    async stopAccepting() {
      listening = false;
      void closeServer();
    },
    async close() {
      listening = false;
      // graceful stop (ADR 0010): the pipeline has settled every committed message; aedes
      // writes their PUBACKs a few event-loop turns later. Let them reach the sockets before
      // aedes destroys the connections, or modules resend what is already stored.
      const clients = [...connected.values()].flatMap((clients) => [...clients]);
      await flushAcks(clients);
      await endConnections(clients);
      const closed = closeServer();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await closed;
    },
  };
}
