// Every up message is checked against the contract before it goes near the database
// (DESIGN §6): a bad one is dropped and counted, never a crash, never a stuck module.
import { Ajv } from 'ajv';
import {
  UP_MESSAGE_SCHEMAS,
  eventDataProblem,
  parseDateTime,
  type UpKind,
  type UpMessageByKind,
} from '@vfm/contract';
import { addContractFormats } from '../lib/contract-formats';

// the same validator as the HTTP API (Fastify uses ajv): one reading of the contract
const ajv = addContractFormats(new Ajv({ allErrors: false, strict: false }));
const validators = {
  telemetry: ajv.compile(UP_MESSAGE_SCHEMAS.telemetry),
  event: ajv.compile(UP_MESSAGE_SCHEMAS.event),
  ack: ajv.compile(UP_MESSAGE_SCHEMAS.ack),
  autotest: ajv.compile(UP_MESSAGE_SCHEMAS.autotest),
  firmware: ajv.compile(UP_MESSAGE_SCHEMAS.firmware),
};

/** Larger payloads are not module messages (a full telemetry is ~400 bytes). */
export const MAX_PAYLOAD_BYTES = 16 * 1024;
/** the event sources a module may claim: itself, or its rider (a button on the bike) */
const MODULE_EVENT_SOURCES = new Set<string>(['MODULE', 'RIDER']);
/** A module clock this far ahead would freeze the bike's state (it only moves forward). */
export const MAX_CLOCK_AHEAD_MS = 60 * 60 * 1000;

export type RejectReason = 'json' | 'schema' | 'too_large' | 'future' | 'unknown_module' | 'topic';

export type ParsedUp<K extends UpKind = UpKind> =
  | { ok: true; kind: K; message: UpMessageByKind[K]; ts: Date }
  | { ok: false; reason: RejectReason; detail?: string };

export function parseUpMessage<K extends UpKind>(kind: K, payload: Buffer, now: Date): ParsedUp<K> {
  if (payload.length > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'too_large' };
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'json' };
  }
  const validate = validators[kind];
  if (!validate(value)) {
    const first = validate.errors?.[0];
    return {
      ok: false,
      reason: 'schema',
      detail: first ? `${first.instancePath || '/'} ${first.message ?? ''}` : undefined,
    };
  }
  const message = value as UpMessageByKind[K];
  // the audit trail's MANAGER entries are written by the server for a signed-in user (DESIGN
  // §7): a module cannot write one in someone's name
  if (kind === 'event' && !MODULE_EVENT_SOURCES.has((message as UpMessageByKind['event']).source)) {
    return { ok: false, reason: 'schema', detail: '/source a module may send MODULE or RIDER' };
  }
  if (kind === 'event') {
    const problem = eventDataProblem((message as UpMessageByKind['event']).data);
    if (problem) return { ok: false, reason: 'schema', detail: problem };
  }
  // the format admitted it, so it is a representable instant (contract/date-time.ts)
  const ts = parseDateTime(message.ts);
  if (!ts) return { ok: false, reason: 'schema', detail: '/ts not a representable date-time' };
  if (ts.getTime() - now.getTime() > MAX_CLOCK_AHEAD_MS) return { ok: false, reason: 'future' };
  return { ok: true, kind, message, ts };
}
