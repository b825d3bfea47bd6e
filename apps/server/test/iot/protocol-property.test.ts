// docs/operations.md, property-based: for ANY module message the contract accepts, the batch writer never
// throws — on PGlite, and on PostgreSQL in CI's second pass — and the ingest keeps storing
// through the broker (embedded, or Mosquitto with MQTT_URL). One leap second once froze the
// ingest of every fleet; the generators lean on such corners: leap seconds, odd offsets, years
// 1 and 9999, tiny and signed-zero numbers, U+0000 and lone surrogates, deep and large data.
import fc from 'fast-check';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOTEST_STATUSES,
  EVENT_NAMES,
  EVENT_SOURCES,
  IOT_MODES,
  type UpKind,
} from '@vfm/contract';
import { writeBatch, type ValidMessage } from '../../src/ingest/batch-writer';
import { COMMAND_RESEND_MS } from '../../src/ingest/pipeline';
import { parseUpMessage } from '../../src/ingest/validate';
import { createFleetWithUsers } from '../helpers/factories';
import { createCommand } from '../helpers/fleet-data';
import * as mqtt from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';

let t: TestServer;
let modules: mqtt.TestModule[];
let commandIds: string[];
const clients = mqtt.moduleClients(() => t);

beforeAll(async () => {
  t = await mqtt.startIotTestServer();
  const { fleet } = await createFleetWithUsers(t);
  modules = [];
  for (let i = 0; i < 3; i += 1) modules.push(await mqtt.provisionModule(t, fleet));
  commandIds = [];
  for (const m of modules) {
    for (const columns of [{}, { type: 'MODE', value: 'STORAGE' }, { type: 'ALARM' }])
      commandIds.push((await createCommand(t, m.bike, columns)).id);
  }
});

// ---- generators: mostly inside the contract, often on its edges, sometimes past them --------

const HOUR = 3_600_000;
const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An ISO date-time written the ways RFC 3339 allows, with offsets of ±14 h. */
const writtenDate = (date: Date, offsetMinutes: number, style: number) => {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  const iso = local.toISOString(); // local wall time in UTC notation
  if (iso.startsWith('+') || iso.startsWith('-')) return date.toISOString();
  const base = iso.slice(0, 19);
  const fraction = ['', iso.slice(19, 23), `${iso.slice(19, 23)}456789`][style % 3];
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset =
    offsetMinutes === 0 && style % 2 === 0
      ? 'Z'
      : `${sign}${pad(Math.trunc(offsetMinutes / 60))}${style > 2 ? '' : ':'}${pad(offsetMinutes % 60)}`;
  const text = `${base}${fraction}${offset}`;
  return style === 4 ? text.toLowerCase() : text;
};

const timestamp = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .integer({ min: -30 * 24 * HOUR, max: 2 * HOUR })
      .map((d) => new Date(Date.now() + d).toISOString()),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        fc.integer({ min: 0, max: 4 }),
      )
      .map(([date, offset, style]) => writtenDate(date, offset, style)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-06-30T23:59:60Z',
      '2016-12-31T23:59:60.5+00:00',
      '2026-02-30T10:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:00:00+01',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59-14:00',
      '1970-01-01T00:00:00Z',
    ),
  },
);

const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '😀', '=cmd|calc', ''),
  );
const number = (min: number, max: number) =>
  fc.oneof(
    fc.double({ min, max, noNaN: true }),
    fc.constantFrom(min, max, 0, -0, 1e-50, 5e-324, 1e-40, max + 1),
  );
const level = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(-1, 101, 50.5));
const seq = fc.oneof(
  fc.nat(),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.integer({ min: 1, max: 1e6 }),
);
const optional = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.option(arbitrary, { nil: undefined, freq: 3 });
const compact = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

const telemetryBody = fc
  .record({
    seq,
    ts: timestamp,
    lat: optional(number(-90, 90)),
    lon: optional(number(-180, 180)),
    speedKmh: optional(number(0, 250)),
    mode: optional(fc.constantFrom(...IOT_MODES)),
    bikeBattery: optional(level),
    iotBattery: optional(level),
    batteryPlugged: optional(fc.boolean()),
    assistanceLocked: optional(fc.boolean()),
    alarmActive: optional(fc.boolean()),
    odometerKm: optional(number(0, 10_000_000)),
    batterySoh: optional(level),
    batteryCycles: optional(fc.integer({ min: 0, max: 1_000_000 })),
    batteryNumber: optional(anyText(64)),
    firmware: optional(anyText(64)),
    hardware: optional(anyText(64)),
  })
  .map(compact);

/** `data` nested up to 5,000 levels, written as JSON text (no object to overflow a stringify). */
const deepData = fc.integer({ min: 1, max: 5000 }).map((depth) => ({ __deep__: depth }));
/** The message as the module writes it. */
const jsonOf = (body: object) =>
  JSON.stringify(body).replace(
    /\{"__deep__":(\d+)\}/,
    (_, depth: string) => `{"nested":${'['.repeat(Number(depth))}${']'.repeat(Number(depth))}}`,
  );
const eventBody = fc
  .record({
    seq,
    ts: timestamp,
    name: fc.oneof(fc.constantFrom(...EVENT_NAMES), fc.stringMatching(/^[A-Z][A-Z0-9_]{0,20}$/)),
    source: fc.constantFrom(...EVENT_SOURCES),
    data: optional(
      fc.oneof(
        fc.dictionary(anyText(12), fc.jsonValue({ maxDepth: 10 }), { maxKeys: 8 }),
        deepData,
        fc.constant({ big: 'x'.repeat(5000) }),
      ),
    ),
  })
  .map(compact);

const ackBody = fc
  .record({
    seq,
    ts: timestamp,
    commandId: fc.oneof(
      fc.constantFrom(...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => i)).map((i) => commandIds[i]!),
      fc.constantFrom(...[0, 1, 2].map((i) => i)).map((i) => commandIds[i]!.toUpperCase()),
      fc.uuid(),
    ),
    status: fc.constantFrom('OK', 'ERROR'),
    detail: optional(anyText(500)),
  })
  .map(compact);

const autotestBody = fc.record({
  seq,
  ts: timestamp,
  results: fc.array(
    fc
      .record({
        code: anyText(64),
        status: fc.constantFrom(...AUTOTEST_STATUSES),
        value: optional(fc.oneof(anyText(200), number(-1e308, 1e308), fc.constant(null))),
      })
      .map(compact),
    { minLength: 0, maxLength: 5 },
  ),
});

const upMessage = fc.oneof(
  fc.record({ kind: fc.constant<UpKind>('telemetry'), text: telemetryBody.map(jsonOf) }),
  fc.record({ kind: fc.constant<UpKind>('event'), text: eventBody.map(jsonOf) }),
  fc.record({ kind: fc.constant<UpKind>('ack'), text: ackBody.map(jsonOf) }),
  fc.record({ kind: fc.constant<UpKind>('autotest'), text: autotestBody.map(jsonOf) }),
);
const addressed = fc.tuple(fc.integer({ min: 0, max: 2 }), upMessage);

/** What the ingest would take of it: the validated message, or null when refused. */
function admitted(moduleIndex: number, kind: UpKind, text: string): ValidMessage | null {
  const parsed = parseUpMessage(kind, Buffer.from(text), new Date());
  if (!parsed.ok) return null;
  return { moduleId: modules[moduleIndex]!.moduleId, kind, message: parsed.message, ts: parsed.ts };
}

describe('the module protocol, for any message the contract accepts', () => {
  it('never makes the batch writer throw', async () => {
    let written = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(addressed, { minLength: 1, maxLength: 12 }), async (messages) => {
        const batch = messages
          .map(([index, { kind, text }]) => admitted(index, kind, text))
          .filter((m): m is ValidMessage => m !== null);
        if (!batch.length) return;
        const now = new Date();
        const resendBefore = new Date(now.getTime() - COMMAND_RESEND_MS);
        await t.server.database.transaction((tx) => writeBatch(tx, batch, { now, resendBefore }));
        written += batch.length;
      }),
      { numRuns: 150 },
    );
    expect(written).toBeGreaterThan(150); // most generated messages are admitted
  });

  it('keeps the ingest storing through the broker, and quarantines nothing', async () => {
    const url = mqtt.brokerUrlOf(t);
    const senders: MqttClient[] = [];
    for (const m of modules) {
      senders.push(clients.keep(await mqtt.connectModule(url, m.moduleId, m.secret)));
    }
    const witness = modules[0]!;
    const metrics = t.server.iot!.metrics;
    const errorsBefore = metrics.batchErrors;
    await fc.assert(
      fc.asyncProperty(addressed, async ([index, { kind, text }]) => {
        // published whether the contract accepts it or not: both must be acknowledged
        await mqtt.publishUp(senders[index]!, modules[index]!.moduleId, kind, text);
        const mark = mqtt.telemetry({ bikeBattery: 42 });
        await mqtt.publishUp(senders[0]!, witness.moduleId, 'telemetry', mark);
        await mqtt.waitFor(
          () =>
            mqtt.count(t, 'telemetry WHERE bike_id = $1 AND seq = $2', [witness.bike.id, mark.seq]),
          15_000,
          'the witness telemetry after a generated message',
        );
      }),
      { numRuns: 25 },
    );
    expect(metrics.batchErrors - errorsBefore).toBe(0);
    expect(await mqtt.count(t, 'ingest_quarantine')).toBe(0);
  });
});
