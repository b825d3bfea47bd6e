// Load generation (`--rate max`, bench/ingest.ts): modules publishing telemetry QoS 1 as fast
// as the broker acknowledges, a window of messages in flight each, until a total is reached.
import mqtt, { type MqttClient } from 'mqtt';
import { MQTT_QOS, upTopic } from '@vfm/contract';
import type { FleetModule } from './fleet';

export interface FloodOptions {
  brokerUrl: string;
  modules: FleetModule[];
  /** messages to publish in total (shared evenly by the modules) */
  messages: number;
  /** QoS 1 messages in flight per module */
  inflight?: number;
  connectBatch?: number;
  /**
   * messages of one discharge: the vehicle battery runs down from 100 % to 0 over this many
   * messages, then is charged again, each module from its own point of the cycle (so that
   * ~2 of every `batteryCycle` messages start or end a low battery); none: a steady 80 %
   */
  batteryCycle?: number;
}

export interface FloodResult {
  modules: number;
  sent: number;
  acknowledged: number;
  failed: number;
  seconds: number;
  /** acknowledged messages per second */
  rate: number;
}

/** One module's MQTT connection (clean session, no reconnection): load generators' modules. */
export function connectModule(url: string, module: FleetModule): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: module.moduleId,
      username: module.moduleId,
      ...(module.secret ? { password: module.secret } : {}),
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
    });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

export async function flood(options: FloodOptions): Promise<FloodResult> {
  const inflight = options.inflight ?? 20;
  const cycle = options.batteryCycle ?? 0;
  const clients: MqttClient[] = [];
  const batch = options.connectBatch ?? 50;
  for (let i = 0; i < options.modules.length; i += batch) {
    clients.push(
      ...(await Promise.all(
        options.modules.slice(i, i + batch).map((m) => connectModule(options.brokerUrl, m)),
      )),
    );
  }
  const perModule = Math.ceil(options.messages / clients.length);
  let sent = 0;
  let acknowledged = 0;
  let failed = 0;
  const started = process.hrtime.bigint();
  const base = Date.now();
  await Promise.all(
    clients.map(
      (client, index) =>
        new Promise<void>((resolve) => {
          const moduleId = options.modules[index]!.moduleId;
          const quota = Math.min(perModule, options.messages - index * perModule);
          if (quota <= 0) return resolve();
          let published = 0;
          let settled = 0;
          const publishNext = () => {
            if (published >= quota) return;
            published += 1;
            sent += 1;
            const seq = base * 1000 + published;
            const body = {
              seq,
              ts: new Date(base + published).toISOString(),
              lat: 45.76 + (index % 100) * 1e-4,
              lon: 4.83 + published * 1e-6,
              speedKmh: 15,
              mode: 'NAVIGATION',
              bikeBattery: cycle
                ? Math.round(100 - (((published + index * 7) % cycle) * 100) / cycle)
                : 80,
              iotBattery: 90,
              odometerKm: 100 + published / 1000,
            };
            client.publish(
              upTopic(moduleId, 'telemetry'),
              JSON.stringify(body),
              { qos: MQTT_QOS },
              (error) => {
                settled += 1;
                if (error) failed += 1;
                else acknowledged += 1;
                if (settled >= quota) resolve();
                else publishNext();
              },
            );
          };
          for (let i = 0; i < inflight; i += 1) publishNext();
        }),
    ),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await Promise.all(clients.map((client) => client.endAsync(true)));
  return {
    modules: clients.length,
    sent,
    acknowledged,
    failed,
    seconds,
    rate: acknowledged / seconds,
  };
}
