// npm run simulate -- --bikes N --broker URL [--rate R|max] [--credentials FILE]
//   --bikes N          simulated modules (default 100)
//   --broker URL       broker address (default mqtt://127.0.0.1:1883)
//   --rate R           telemetry messages per second for the whole fleet (load), instead of
//                      the intervals by mode; `max`: publish QoS 1 as fast as acknowledged
//   --messages K       with --rate max: messages in total (default 100 per module)
//   --inflight W       with --rate max: messages in flight per module (default 20)
//   --battery-cycle N  with --rate max: the vehicle battery runs down from 100 % over N
//                      messages, then is charged (a low battery starts and ends once per cycle)
//   --truth FILE       on stop, write the truth of the simulated packs (state of health,
//                      capacity, cycles: docs/battery.md) to FILE as JSON
//   --credentials FILE JSON answer of POST fleet/admin/vehicles ({modules:[{moduleId, secret}]});
//                      without it, module ids S00000… are generated (brokers without auth)
//   --firmware-failure-rate P  share of firmware installs that fail, 0–1 (docs/mqtt.md "Firmware")
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FleetSimulator, type FleetModule } from './fleet';
import { flood } from './load';
import { packTruth } from './battery-pack';

const { values } = parseArgs({
  options: {
    bikes: { type: 'string', default: '100' },
    broker: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    rate: { type: 'string' },
    messages: { type: 'string' },
    inflight: { type: 'string', default: '20' },
    credentials: { type: 'string' },
    'battery-cycle': { type: 'string' },
    truth: { type: 'string' },
    'firmware-failure-rate': { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('//'))
      .map((l) => l.slice(3))
      .join('\n'),
  );
  process.exit(0);
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const bikes = Number(values.bikes);
if (!Number.isInteger(bikes) || bikes < 1) fail('--bikes must be a positive integer');

function loadModules(): FleetModule[] {
  if (!values.credentials) {
    return Array.from({ length: bikes }, (_, i) => ({
      moduleId: `S${i.toString(36).toUpperCase().padStart(5, '0')}`,
    }));
  }
  const parsed = JSON.parse(readFileSync(values.credentials, 'utf8')) as
    { modules?: FleetModule[] } | FleetModule[];
  const list = Array.isArray(parsed) ? parsed : (parsed.modules ?? []);
  if (!list.length) fail(`${values.credentials} lists no modules`);
  return list.slice(0, bikes);
}

const modules = loadModules();

if (values.rate === 'max') {
  const messages = Number(values.messages ?? modules.length * 100);
  const result = await flood({
    brokerUrl: values.broker,
    modules,
    messages,
    inflight: Number(values.inflight),
    ...(values['battery-cycle'] ? { batteryCycle: Number(values['battery-cycle']) } : {}),
  });
  console.log(
    `${result.acknowledged}/${result.sent} acknowledged in ${result.seconds.toFixed(2)} s: ${Math.round(result.rate)} msg/s`,
  );
  console.log(`RESULT ${JSON.stringify(result)}`);
  process.exit(result.failed ? 1 : 0);
}

const rate = values.rate === undefined ? null : Number(values.rate);
if (rate !== null && !(rate > 0)) fail('--rate must be a positive number or max');
const fleet = new FleetSimulator({
  brokerUrl: values.broker,
  modules,
  behaviour: { reportIntervalSeconds: rate ? modules.length / rate : null },
  firmwareFailureRate: Number(values['firmware-failure-rate']),
  log: (message) => console.error(message),
});
console.log(`connecting ${modules.length} modules to ${values.broker}…`);
await fleet.start();
console.log(`running: ${JSON.stringify(fleet.stats)}`);
const report = setInterval(
  () => console.log(JSON.stringify({ at: new Date().toISOString(), ...fleet.stats })),
  10_000,
);
const stop = async () => {
  clearInterval(report);
  await fleet.stop();
  console.log(`stopped: ${JSON.stringify(fleet.stats)}`);
  if (values.truth) {
    const packs = fleet.modules.flatMap((m) => m.simulatedPacks.map(packTruth));
    writeFileSync(values.truth, JSON.stringify({ at: new Date().toISOString(), packs }, null, 2));
    console.log(`the truth of ${packs.length} packs written to ${values.truth}`);
  }
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
