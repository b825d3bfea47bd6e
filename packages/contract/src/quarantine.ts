// Module messages the ingest could not store for a reason of their own (docs/operations.md): kept,
// acknowledged to the module, shown to the fleet's administrators, who retry or clear them.
import { Type, type Static } from '@sinclair/typebox';
import { UP_KINDS } from './mqtt';
import { pagingProperties } from './bike-records';
import { DateTime, Nullable, Page, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

export const QuarantinedMessageSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    moduleId: Type.String(),
    /** the bike now carrying the module, if any */
    vehicleNumber: Nullable(Type.String()),
    kind: StringEnum(UP_KINDS, { description: 'the MQTT topic kind (up/<kind>)' }),
    /** the message as the module sent it (JSON text) */
    payload: Type.String(),
    /** why it could not be stored (the last attempt's error) */
    reason: Type.String(),
    receivedAt: DateTime(),
    quarantinedAt: DateTime(),
    /** how many times it was tried (the first one included) */
    attempts: Type.Integer({ minimum: 1 }),
  },
  strict,
);
export type QuarantinedMessage = Static<typeof QuarantinedMessageSchema>;

export const QuarantineQuerySchema = Type.Object(pagingProperties(50), strict);
export type QuarantineQuery = Static<typeof QuarantineQuerySchema>;

/** Newest first. */
export const QuarantinePageSchema = Page(QuarantinedMessageSchema);
export type QuarantinePage = Static<typeof QuarantinePageSchema>;

export const QuarantineIdParamsSchema = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) },
  strict,
);

/** What a retry did: the message is stored now (or was already), and left the quarantine. */
export const QuarantineRetrySchema = Type.Object(
  { outcome: StringEnum(['stored', 'duplicate', 'unknown_module'] as const) },
  strict,
);
export type QuarantineRetry = Static<typeof QuarantineRetrySchema>;
