// The load side of bench/live.ts, in its own process (the other core): SSE clients of
// fleet/stream and modules publishing telemetry QoS 1 at a steady rate, and the yardstick, the
// same publishing to a bare broker (aedes) with one subscriber.
// Latency = when a client reads a bike's new state − the `ts` its module put in the message
// (its clock at publishing; same machine). A bike updated twice within one push is delivered
// once, with its newer state: what counts is how fresh what the manager sees is.
// Input: the path of a JSON file (LoadConfig). Output: one `RESULT {json}` line.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { MQTT_QOS, UP_TOPIC_FILTER, upTopic } from '@vfm/contract';
import { connectModule } from '@vfm/simulator';

export interface LoadConfig {
  brokerUrl: string;
  streamUrl: string;
  apiKey: string;
  /** one access token per SSE client */
  tokens: string[];
  modules: Array<{ moduleId: string; secret?: string }>;
  /** steady publishing rates (messages per second), one phase each */
  rates: number[];
  seconds: number;
  /** modules of the yardstick (bare broker) */
  yardstickModules: number;
}

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface PhaseResult {
  rate: number;
  published: number;
  /** messages per second actually published */
  achievedRate: number;
  /** bike states read by all clients */
  deliveries: number;
  /** distinct bikes a client saw change (client 0), against the bikes published to */
  bikesSeen: number;
  bikesPublished: number;
  resyncs: number;
  latency: Latency;
  yardstick: Latency;
}

const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadConfig;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summarise(samples: number[]): Latency {
  const sorted = samples.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

async function connectAll(url: string, modules: LoadConfig['modules']) {
  const clients: MqttClient[] = [];
  for (let i = 0; i < modules.length; i += 100) {
    clients.push(
      ...(await Promise.all(modules.slice(i, i + 100).map((m) => connectModule(url, m)))),
    );
  }
  return clients;
}

/**
 * Publishes telemetry at `rate` messages per second for `seconds`, round-robin over the
 * modules, each message stamped with the publishing time. Returns what was published.
 */
async function publishSteadily(
  clients: MqttClient[],
  modules: LoadConfig['modules'],
  rate: number,
  seconds: number,
) {
  const base = Date.now();
  const counters = new Array<number>(clients.length).fill(0);
  const touched = new Set<number>();
  let published = 0;
  let next = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    while (published < due) {
      const index = next;
      next = (next + 1) % clients.length;
      counters[index]! += 1;
      touched.add(index);
      published += 1;
      const body = {
        seq: base * 1000 + counters[index]!,
        ts: new Date().toISOString(),
        lat: 48.85 + (index % 100) * 1e-4,
        lon: 2.35 + counters[index]! * 1e-5,
        speedKmh: 12,
        bikeBattery: 70,
        iotBattery: 80,
      };
      clients[index]!.publish(
        upTopic(modules[index]!.moduleId, 'telemetry'),
        JSON.stringify(body),
        {
          qos: MQTT_QOS,
        },
      );
    }
    await sleep(5);
  }
  const elapsed = (performance.now() - start) / 1000;
  return { published, achievedRate: published / elapsed, bikesPublished: touched.size };
}

/** The bare broker's publish → subscriber latency at `rate` (the yardstick). */
async function yardstick(rate: number, seconds: number): Promise<Latency> {
  const broker = await Aedes.createBroker();
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const samples: number[] = [];
  const subscriber = await mqtt.connectAsync(url, { clientId: 'yardstick' });
  subscriber.on('message', (_topic, payload) => {
    samples.push(Date.now() - Date.parse((JSON.parse(payload.toString()) as { ts: string }).ts));
  });
  await subscriber.subscribeAsync(UP_TOPIC_FILTER, { qos: 1 });
  const modules = Array.from({ length: config.yardstickModules }, (_, i) => ({
    moduleId: `Y${i}`,
  }));
  const clients = await connectAll(url, modules);
  await publishSteadily(clients, modules, rate, seconds);
  await sleep(500);
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await subscriber.endAsync(true);
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  server.close();
  return summarise(samples);
}

/** One fleet/stream client: counts what it reads while a phase is measured. */
class StreamClient {
  samples: number[] = [];
  deliveries = 0;
  resyncs = 0;
  seen = new Set<string>();
  ready: Promise<void>;
  private measuring = 0;
  private readonly abort = new AbortController();

  constructor(token: string) {
    this.ready = new Promise((resolve, reject) => {
      void this.read(token, resolve).catch((error: Error) => {
        if (error.name !== 'AbortError') reject(error);
      });
    });
  }

  /** Counts events about states published after `since` (epoch ms). */
  measureFrom(since: number) {
    this.measuring = since;
    this.samples = [];
    this.deliveries = 0;
    this.resyncs = 0;
    this.seen.clear();
  }

  close() {
    this.abort.abort();
  }

  private async read(token: string, onReady: () => void) {
    const res = await fetch(config.streamUrl, {
      headers: { authorization: `Bearer ${token}`, 'x-api-key': config.apiKey },
      signal: this.abort.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`fleet/stream: ${res.status}`);
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of res.body) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event === 'ready') onReady();
        else if (event === 'resync') this.resyncs += 1;
        else if (event === 'bikes' && data) this.onBikes(data);
      }
    }
  }

  private onBikes(data: string) {
    const now = Date.now();
    const { bikes } = JSON.parse(data) as {
      bikes: Array<{ vehicleNumber: string; lastCommunicationDate: string | null }>;
    };
    for (const bike of bikes) {
      const ts = bike.lastCommunicationDate ? Date.parse(bike.lastCommunicationDate) : 0;
      if (!this.measuring || ts < this.measuring) continue;
      this.deliveries += 1;
      this.seen.add(bike.vehicleNumber);
      this.samples.push(now - ts);
    }
  }
}

const clients = config.tokens.map((token) => new StreamClient(token));
await Promise.all(clients.map((client) => client.ready));
const modules = await connectAll(config.brokerUrl, config.modules);
// warm-up, not measured: every module's bike loaded once by the ingest, plans and JIT ready
await publishSteadily(modules, config.modules, Math.min(config.modules.length, 1000), 3);
await sleep(2000);
const phases: PhaseResult[] = [];
for (const rate of config.rates) {
  const bare = await yardstick(rate, config.seconds);
  const since = Date.now();
  for (const client of clients) client.measureFrom(since);
  const published = await publishSteadily(modules, config.modules, rate, config.seconds);
  await sleep(3000); // the last pushes of the phase
  phases.push({
    rate,
    ...published,
    deliveries: clients.reduce((sum, client) => sum + client.deliveries, 0),
    bikesSeen: clients[0]!.seen.size,
    resyncs: clients.reduce((sum, client) => sum + client.resyncs, 0),
    latency: summarise(clients.flatMap((client) => client.samples)),
    yardstick: bare,
  });
  for (const client of clients) client.measureFrom(0);
  await sleep(1000);
}
for (const client of clients) client.close();
await Promise.all(modules.map((client) => client.endAsync(true)));
console.log(`RESULT ${JSON.stringify(phases)}`);
process.exit(0);
