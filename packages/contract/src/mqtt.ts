// The IoT module protocol over MQTT (DESIGN §6, docs/mqtt.md): topics, payloads, reporting
// intervals. Imported by the server (ingest, dispatcher) and the simulator.
import { Type, type Static } from '@sinclair/typebox';
import {
  AUTOTEST_STATUSES,
  COMMAND_TYPES,
  MODULE_EVENT_SOURCES,
  IOT_MODES,
  SPEED_LIMIT_MAX_KMH,
  type IotMode,
} from './enums';
import { IOT_CODE_PATTERN } from './patterns';
import { FIRMWARE_REPORT_STATES } from './firmware';
import { StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** Root of every VFM topic; the version is part of the topic so a v2 can live beside it. */
export const MQTT_TOPIC_ROOT = 'vfm/v1';
/** Kinds of message a module sends (`vfm/v1/{moduleId}/up/{kind}`). */
export const UP_KINDS = ['telemetry', 'event', 'ack', 'autotest', 'firmware'] as const;
export type UpKind = (typeof UP_KINDS)[number];
/** Every message of the protocol is QoS 1 (at least once; the receiver is idempotent). */
export const MQTT_QOS = 1;

/** A module id is the IoT code of SPEC §5 (one capital letter, then 5 capitals or digits). */
export const MODULE_ID_PATTERN = IOT_CODE_PATTERN;
export const moduleIdRegExp = new RegExp(MODULE_ID_PATTERN);

export const upTopic = (moduleId: string, kind: UpKind) =>
  `${MQTT_TOPIC_ROOT}/${moduleId}/up/${kind}`;
export const commandTopic = (moduleId: string) => `${MQTT_TOPIC_ROOT}/${moduleId}/down/command`;
/** Firmware offers (docs/mqtt.md "Firmware", ADR 0129). */
export const firmwareTopic = (moduleId: string) => `${MQTT_TOPIC_ROOT}/${moduleId}/down/firmware`;
/** What the server subscribes to: every module's up messages. */
export const UP_TOPIC_FILTER = `${MQTT_TOPIC_ROOT}/+/up/#`;
/** MQTT 5 shared subscription of the ingest workers (DESIGN §2 scale-out). */
export const sharedUpTopicFilter = (group: string) => `$share/${group}/${UP_TOPIC_FILTER}`;

export interface ParsedUpTopic {
  moduleId: string;
  kind: UpKind;
}

/** `vfm/v1/{moduleId}/up/{kind}` → its parts; null for any other topic. */
export function parseUpTopic(topic: string): ParsedUpTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}` !== MQTT_TOPIC_ROOT || parts[3] !== 'up') {
    return null;
  }
  const moduleId = parts[2]!;
  const kind = parts[4] as UpKind;
  if (!moduleIdRegExp.test(moduleId) || !UP_KINDS.includes(kind)) return null;
  return { moduleId, kind };
}

/**
 * Reporting interval by mode (DESIGN §6): how often a module sends telemetry. The alarm is
 * silent in TRANSPORT and STORAGE.
 */
export const REPORT_INTERVAL_SECONDS: Record<IotMode, number> = {
  NAVIGATION: 10,
  PERMANENT: 30,
  STANDBY: 3600,
  LOW_POWER: 6 * 3600,
  STORAGE: 24 * 3600,
  TRANSPORT: 3600,
};
export const ALARM_SILENT_MODES: readonly IotMode[] = ['TRANSPORT', 'STORAGE'];

const Seq = Type.Integer({
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  description: 'per-module monotonic sequence number, never reused (e.g. epoch milliseconds)',
});
const Ts = Type.String({ format: 'date-time', description: 'when it happened, ISO 8601 UTC' });
const Level = Type.Integer({ minimum: 0, maximum: 100 });
/**
 * Module text is stored by PostgreSQL, whose text and jsonb hold neither U+0000 nor a lone
 * surrogate (the JSON escapes u0000 and ud800 are valid, JSON.parse reads them): such a string is refused
 * at the door, not by the database after the whole batch (docs/operations.md).
 */
export const MODULE_TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';
const moduleTextRegExp = new RegExp(MODULE_TEXT_PATTERN, 'u');
const ShortText = Type.String({ minLength: 1, maxLength: 64, pattern: MODULE_TEXT_PATTERN });

export const IotModeMqttSchema = StringEnum(IOT_MODES);

/** `up/telemetry`: the module's state; all but seq and ts optional (a module sends what it has). */
export const TelemetryMessageSchema = Type.Object(
  {
    seq: Seq,
    ts: Ts,
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    speedKmh: Type.Optional(Type.Number({ minimum: 0, maximum: 250 })),
    mode: Type.Optional(IotModeMqttSchema),
    bikeBattery: Type.Optional(Level),
    iotBattery: Type.Optional(Level),
    batteryPlugged: Type.Optional(Type.Boolean()),
    assistanceLocked: Type.Optional(Type.Boolean()),
    /** extension of DESIGN §6: the armed state of the alarm, so the bike shows it */
    alarmActive: Type.Optional(Type.Boolean()),
    odometerKm: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
    batterySoh: Type.Optional(Level),
    batteryCycles: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    batteryNumber: Type.Optional(ShortText),
    /** extension (docs/battery.md): the pack's temperature, °C */
    batteryTempC: Type.Optional(Type.Number({ minimum: -60, maximum: 150 })),
    /** extension (docs/battery.md): the energy the pack has delivered since it was made, Wh */
    batteryEnergyWh: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    firmware: Type.Optional(ShortText),
    hardware: Type.Optional(ShortText),
    /** extension (ADR 0126): false while the module runs on its backup cell, cut from the
     *  bike's power — a tamper sign the rule MODULE_POWER_CUT watches (docs/mqtt.md) */
    externalPower: Type.Optional(Type.Boolean()),
    /** extension (ADR 0126): false when the module reads no battery — removed from the bike
     *  (rule BATTERY_REMOVED); absent when the module cannot tell */
    batteryPresent: Type.Optional(Type.Boolean()),
  },
  { ...strict, title: 'Telemetry' },
);
export type TelemetryMessage = Static<typeof TelemetryMessageSchema>;

/** Event names are upper snake case; names outside EVENT_NAMES are kept and shown "Unknown". */
export const EVENT_NAME_PATTERN = '^[A-Z][A-Z0-9_]{0,63}$';

/**
 * Bounds of an event's free-form `data` (docs/operations.md): it is stored as jsonb and serialised by the
 * server, whose JSON.stringify overflows its stack on ~5,000 levels; a module's details need
 * a handful of levels and a few hundred bytes.
 */
export const EVENT_DATA_LIMITS = { maxDepth: 8, maxBytes: 4096, maxProperties: 64 } as const;

/**
 * What is wrong with an event's `data` beyond its schema, or null: too deep (measured without
 * recursion, so a hostile depth cannot overflow the checker either), too large, or holding text
 * PostgreSQL cannot store (MODULE_TEXT_PATTERN).
 */
export function eventDataProblem(data: unknown): string | null {
  if (data === undefined) return null;
  const stack: Array<[unknown, number]> = [[data, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string' && !moduleTextRegExp.test(value))
      return '/data holds U+0000 or a lone surrogate';
    if (value === null || typeof value !== 'object') continue;
    if (depth > EVENT_DATA_LIMITS.maxDepth)
      return `/data more than ${EVENT_DATA_LIMITS.maxDepth} levels deep`;
    for (const [key, child] of Object.entries(value)) {
      if (!moduleTextRegExp.test(key)) return '/data holds U+0000 or a lone surrogate';
      stack.push([child, depth + 1]);
    }
  }
  if (utf8Length(JSON.stringify(data)) > EVENT_DATA_LIMITS.maxBytes)
    return `/data larger than ${EVENT_DATA_LIMITS.maxBytes} bytes as JSON`;
  return null;
}

/** Bytes of a string in UTF-8 (no TextEncoder: the contract runs on no particular platform). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** `up/event`: something happened on the bike (alarm, rider's theft declaration…). */
export const ModuleEventMessageSchema = Type.Object(
  {
    seq: Seq,
    ts: Ts,
    name: Type.String({ pattern: EVENT_NAME_PATTERN }),
    source: StringEnum(MODULE_EVENT_SOURCES),
    data: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        maxProperties: EVENT_DATA_LIMITS.maxProperties,
        description: `free-form details, at most ${EVENT_DATA_LIMITS.maxDepth} levels deep and ${EVENT_DATA_LIMITS.maxBytes} bytes as JSON (eventDataProblem)`,
      }),
    ),
  },
  { ...strict, title: 'ModuleEvent' },
);
export type ModuleEventMessage = Static<typeof ModuleEventMessageSchema>;

export const ACK_STATUSES = ['OK', 'ERROR'] as const;
export type AckStatus = (typeof ACK_STATUSES)[number];
const Uuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});

/** `up/ack`: the module applied (OK) or could not apply (ERROR) a command. */
export const CommandAckMessageSchema = Type.Object(
  {
    seq: Seq,
    ts: Ts,
    commandId: Uuid,
    status: StringEnum(ACK_STATUSES),
    detail: Type.Optional(Type.String({ maxLength: 500, pattern: MODULE_TEXT_PATTERN })),
  },
  { ...strict, title: 'CommandAck' },
);
export type CommandAckMessage = Static<typeof CommandAckMessageSchema>;

export const AutotestResultSchema = Type.Object(
  {
    code: ShortText,
    status: StringEnum(AUTOTEST_STATUSES),
    value: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 200, pattern: MODULE_TEXT_PATTERN }),
        Type.Number(),
        Type.Null(),
      ]),
    ),
  },
  strict,
);
export type AutotestResult = Static<typeof AutotestResultSchema>;

/** `up/autotest`: a self-diagnosis report. */
export const AutotestMessageSchema = Type.Object(
  {
    seq: Seq,
    ts: Ts,
    results: Type.Array(AutotestResultSchema, { minItems: 1, maxItems: 100 }),
  },
  { ...strict, title: 'Autotest' },
);
export type AutotestMessage = Static<typeof AutotestMessageSchema>;

/**
 * `up/firmware` (ADR 0129): where the module is with an offer. DOWNLOADING carries its progress,
 * FAILED its reason; after the reboot UPDATED carries the version now running (and the next
 * telemetry its `firmware`).
 */
export const FirmwareReportMessageSchema = Type.Object(
  {
    seq: Seq,
    ts: Ts,
    offerId: Uuid,
    state: StringEnum(FIRMWARE_REPORT_STATES),
    progress: Type.Optional(Level),
    version: Type.Optional(ShortText),
    reason: Type.Optional(Type.String({ maxLength: 200, pattern: MODULE_TEXT_PATTERN })),
  },
  { ...strict, title: 'FirmwareReport' },
);
export type FirmwareReportMessage = Static<typeof FirmwareReportMessageSchema>;

/** `down/firmware`: an offer — fetch `url` (HTTP GET, Range allowed) before `deadline`, check
 *  its size and SHA-256, install, reboot, report. */
export const FirmwareOfferMessageSchema = Type.Object(
  {
    offerId: Uuid,
    version: ShortText,
    url: Type.String({ maxLength: 2000 }),
    size: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    deadline: Ts,
  },
  { ...strict, title: 'FirmwareOffer' },
);
export type FirmwareOfferMessage = Static<typeof FirmwareOfferMessageSchema>;

export const UP_MESSAGE_SCHEMAS = {
  telemetry: TelemetryMessageSchema,
  event: ModuleEventMessageSchema,
  ack: CommandAckMessageSchema,
  autotest: AutotestMessageSchema,
  firmware: FirmwareReportMessageSchema,
} as const;

export interface UpMessageByKind {
  telemetry: TelemetryMessage;
  event: ModuleEventMessage;
  ack: CommandAckMessage;
  autotest: AutotestMessage;
  firmware: FirmwareReportMessage;
}

/** `down/command`: value is a boolean for LOCK_CONTROL and ALARM, a mode name for MODE, the
 *  maximum speed in km/h for SPEED_LIMIT (0: no limit; a protocol extension, docs/zones.md). */
export const CommandMessageSchema = Type.Object(
  {
    commandId: Uuid,
    type: StringEnum(COMMAND_TYPES),
    value: Type.Union([
      Type.Boolean(),
      IotModeMqttSchema,
      Type.Integer({ minimum: 0, maximum: SPEED_LIMIT_MAX_KMH }),
    ]),
    expiresAt: Ts,
  },
  { ...strict, title: 'Command' },
);
export type CommandMessage = Static<typeof CommandMessageSchema>;
