// The server as a client of an external broker (MQTT_URL: Mosquitto, EMQX, HiveMQ…), ADR 0010:
// - MQTT 5, persistent session (clean: false + sessionExpiryInterval, stable client id): what
//   arrives while the server restarts waits in the broker;
// - ingest workers share the module traffic through `$share/<group>/vfm/v1/+/up/#`;
// - a module message is acknowledged (PUBACK) to the broker only once committed: mqtt.js sends
//   the PUBACK as soon as handleMessage calls back and then reads the next packet, so the PUBACK
//   is held back here and released, in order, when the pipeline settles the message; the
//   broker's in-flight window (our Receive Maximum) bounds how many wait (backpressure);
// - on a lost connection, held PUBACKs are dropped: the broker redelivers those messages.
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import {
  MQTT_QOS,
  commandTopic,
  firmwareTopic,
  parseUpTopic,
  sharedUpTopicFilter,
} from '@vfm/contract';
import type { IngestMetrics } from './metrics';
import type { IngestPipeline } from './pipeline';
import type { MqttTransport } from './transport';

export interface ExternalLinkOptions {
  url: string;
  clientId: string;
  sharedGroup: string;
  sessionExpirySeconds: number;
  /** subscribe to module traffic (role ingest); otherwise only publish commands */
  ingest: boolean;
  pipeline: IngestPipeline;
  metrics: IngestMetrics;
  logger: Logger;
  /** how many unacknowledged messages the broker may send us at once */
  receiveMaximum: number;
  /** called on every (re)connection: commands may have waited meanwhile */
  onConnected: () => void;
}

interface HeldAck {
  packet: { cmd: 'puback'; messageId: number; reasonCode?: number };
  /** undefined while the message is in the pipeline */
  stored?: boolean;
}

type SendPacket = (packet: unknown, cb?: (error?: Error) => void) => void;

const CONNECT_WAIT_MS = 10_000;

export async function connectExternalBroker(options: ExternalLinkOptions): Promise<MqttTransport> {
  const { pipeline, logger, metrics } = options;
  const client: MqttClient = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId: options.clientId,
    clean: false,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    keepalive: 30,
    properties: {
      sessionExpiryInterval: options.sessionExpirySeconds,
      receiveMaximum: options.receiveMaximum,
    },
  });

  // held PUBACKs of the current connection, in the order the messages arrived
  let queue: HeldAck[] = [];
  const heldIds = new Set<number>();
  const internals = client as unknown as { _sendPacket: SendPacket };
  const sendPacket = internals._sendPacket.bind(client);
  const release = () => {
    while (queue.length && queue[0]!.stored !== undefined) {
      const held = queue.shift()!;
      // not stored (stopping): no PUBACK, the broker redelivers after the restart
      if (held.stored) sendPacket(held.packet, () => {});
    }
  };
  internals._sendPacket = (packet, cb) => {
    const p = packet as HeldAck['packet'];
    // mqtt.js's immediate PUBACK is swallowed; release() sends ours after the commit
    if (p.cmd === 'puback' && heldIds.delete(p.messageId)) return cb?.();
    sendPacket(packet, cb);
  };
  client.handleMessage = (packet: IPublishPacket, callback) => {
    const topic = parseUpTopic(packet.topic);
    let held: HeldAck | null = null;
    if (packet.qos > 0 && packet.messageId !== undefined) {
      held = { packet: { cmd: 'puback', messageId: packet.messageId } };
      queue.push(held);
      heldIds.add(packet.messageId);
    }
    const generation = queue;
    const settle = (stored: boolean) => {
      if (!held || generation !== queue) return; // that connection is gone
      held.stored = stored;
      release();
    };
    if (!topic) {
      metrics.reject('topic');
      settle(true);
    } else {
      pipeline.accept(topic.moduleId, topic.kind, packet.payload as Buffer, settle);
    }
    callback();
  };

  let ready = false;
  const subscribe = () =>
    new Promise<void>((resolve) => {
      if (!options.ingest) return resolve();
      client.subscribe(sharedUpTopicFilter(options.sharedGroup), { qos: MQTT_QOS }, (error) => {
        if (error) logger.error({ err: error }, 'MQTT subscription failed');
        resolve();
      });
    });
  let firstConnect: (() => void) | null = null;
  const connected = new Promise<void>((resolve) => (firstConnect = resolve));
  client.on('connect', () => {
    void subscribe().then(() => {
      ready = true;
      logger.info(
        { url: redact(options.url), group: options.sharedGroup },
        'connected to the MQTT broker',
      );
      firstConnect?.();
      options.onConnected();
    });
  });
  client.on('close', () => {
    if (ready) logger.warn('MQTT broker connection lost, reconnecting');
    ready = false;
    queue = [];
    heldIds.clear();
  });
  client.on('error', (error) => logger.error({ err: error.message }, 'MQTT broker error'));

  const timeout = new Promise<void>((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref());
  await Promise.race([connected, timeout]);
  if (!ready)
    logger.warn({ url: redact(options.url) }, 'MQTT broker not reachable yet, still trying');

  return {
    kind: 'external',
    port: null,
    publishCommand(moduleId, payload) {
      return new Promise((resolve, reject) => {
        client.publish(commandTopic(moduleId), payload, { qos: MQTT_QOS }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    },
    publishFirmware(moduleId, payload) {
      return new Promise((resolve, reject) => {
        client.publish(firmwareTopic(moduleId), payload, { qos: MQTT_QOS }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    },
    onlineModules: () => null,
    disconnectModules(moduleIds) {
      // an external broker is told through its password file (npm run mosquitto-config)
      logger.info(
        { moduleIds },
        'removed modules: regenerate the broker password file to refuse them',
      );
    },
    isReady: () => ready,
    async stopAccepting() {
      // keep the subscription: the persistent session queues what arrives while we are down
    },
    async close() {
      ready = false;
      await client.endAsync();
    },
  };
}

function redact(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid url)';
  }
}
