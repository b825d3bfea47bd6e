// Runs simulated modules against a broker, each with its own MQTT connection and credentials
// exactly as a real module (docs/mqtt.md): client id = username = module id, persistent
// session, subscription to its command topic, QoS 1 both ways. One timer drives every module,
// so 500 modules cost 500 sockets and a loop a second, not 500 timers.
import mqtt, { type MqttClient } from 'mqtt';
import {
  MQTT_QOS,
  commandTopic,
  firmwareTopic,
  upTopic,
  type CommandMessage,
  type FirmwareOfferMessage,
} from '@vfm/contract';
import { applyFirmwareOffer } from './firmware';
import { SimulatedModule } from './module';
import type { BehaviourOptions, ModuleInit } from './module-profile';

export interface FleetModule extends ModuleInit {
  /** the module's MQTT secret; omitted against a broker without authentication */
  secret?: string;
}

export interface FleetOptions {
  brokerUrl: string;
  modules: FleetModule[];
  behaviour?: Partial<BehaviourOptions>;
  /** start with riders already out, as the fleet would be at this hour (the demo) */
  warmStart?: boolean;
  /** connections opened at once while starting (the broker hashes each secret) */
  connectBatch?: number;
  tickMs?: number;
  now?: () => number;
  log?: (message: string) => void;
  /** share of firmware installs that fail (docs/mqtt.md "Firmware"; default 0) */
  firmwareFailureRate?: number;
}

export interface FleetStats {
  modules: number;
  silent: number;
  connected: number;
  published: number;
  acknowledged: number;
  commands: number;
  errors: number;
}

interface Running {
  module: SimulatedModule;
  client: MqttClient | null;
}

export class FleetSimulator {
  private readonly running: Running[];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** firmware offers being applied */
  private readonly updating = new Set<string>();
  private readonly now: () => number;
  private readonly counters: Omit<FleetStats, 'connected'>;

  constructor(private readonly options: FleetOptions) {
    this.now = options.now ?? Date.now;
    this.running = options.modules.map((init) => ({
      module: new SimulatedModule(init, options.behaviour),
      client: null,
    }));
    this.counters = {
      modules: this.running.length,
      silent: this.running.filter((r) => r.module.silent).length,
      published: 0,
      acknowledged: 0,
      commands: 0,
      errors: 0,
    };
  }

  get stats(): FleetStats {
    return { ...this.counters, connected: this.running.filter((r) => r.client?.connected).length };
  }

  get modules(): SimulatedModule[] {
    return this.running.map((r) => r.module);
  }

  /** Connects the modules (a batch at a time) and starts the clock. */
  async start(): Promise<void> {
    const batch = this.options.connectBatch ?? 50;
    const secrets = new Map(this.options.modules.map((m) => [m.moduleId, m.secret]));
    const live = this.running.filter((r) => !r.module.silent);
    if (this.options.warmStart) {
      const now = this.now();
      for (const r of live) r.module.warmStart(now);
    }
    for (let i = 0; i < live.length && !this.stopped; i += batch) {
      await Promise.all(
        live.slice(i, i + batch).map((r) => this.connect(r, secrets.get(r.module.moduleId))),
      );
    }
    if (this.stopped) return;
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.running.map((r) => r.client?.endAsync(true).catch(() => {})));
  }

  /** One step of every module (the timer calls it every tickMs). */
  tick(): void {
    const now = this.now();
    for (const r of this.running) {
      for (const message of r.module.tick(now)) {
        if (!r.client) continue;
        this.counters.published += 1;
        r.client.publish(
          upTopic(r.module.moduleId, message.kind),
          JSON.stringify(message.body),
          { qos: MQTT_QOS },
          (error) => {
            if (error) this.counters.errors += 1;
            else this.counters.acknowledged += 1;
          },
        );
      }
    }
  }

  /** A firmware offer: downloaded, checked, installed (or failed), reported step by step. */
  private updateFirmware(r: Running, payload: Buffer) {
    let offer: FirmwareOfferMessage;
    try {
      offer = JSON.parse(payload.toString()) as FirmwareOfferMessage;
    } catch {
      this.counters.errors += 1;
      return;
    }
    // a redelivered offer: done already, or under way
    if (offer.version === r.module.firmwareVersion || this.updating.has(offer.offerId)) return;
    this.updating.add(offer.offerId);
    void applyFirmwareOffer(offer, {
      failRate: this.options.firmwareFailureRate ?? 0,
      report: (step) => {
        const { kind, body } = r.module.firmwareMessage(this.now(), step);
        r.client?.publish(upTopic(r.module.moduleId, kind), JSON.stringify(body), {
          qos: MQTT_QOS,
        });
      },
    })
      .then((version) => version && r.module.installFirmware(version))
      .catch(() => (this.counters.errors += 1))
      .finally(() => this.updating.delete(offer.offerId));
  }

  private connect(r: Running, secret: string | undefined): Promise<void> {
    const { moduleId } = r.module;
    return new Promise((resolve) => {
      const client = mqtt.connect(this.options.brokerUrl, {
        clientId: moduleId,
        username: moduleId,
        ...(secret ? { password: secret } : {}),
        // a persistent session: commands sent while the module is away wait in the broker
        clean: false,
        keepalive: 120,
        reconnectPeriod: 3000 + Math.floor(Math.random() * 4000),
        connectTimeout: 30_000,
      });
      r.client = client;
      let first = true;
      client.on('connect', () => {
        client.subscribe([commandTopic(moduleId), firmwareTopic(moduleId)], { qos: MQTT_QOS });
        if (first) resolve();
        first = false;
      });
      client.on('message', (topic, payload) => {
        if (topic === firmwareTopic(moduleId)) return this.updateFirmware(r, payload);
        try {
          r.module.receiveCommand(JSON.parse(payload.toString()) as CommandMessage, this.now());
          this.counters.commands += 1;
        } catch {
          this.counters.errors += 1;
        }
      });
      client.on('error', (error) => {
        this.counters.errors += 1;
        if (first) {
          this.options.log?.(`module ${moduleId} cannot connect: ${error.message}`);
          first = false;
          resolve();
        }
      });
    });
  }
}
