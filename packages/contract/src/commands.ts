// Command calls of DESIGN §5 (POST commands/…) and the command shape shared with the bike's
// command history (GET products/details/commands/{vn}).
import { Type, type Static } from '@sinclair/typebox';
import { COMMAND_STATUSES, COMMAND_TYPES } from './enums';
import { IotModeSchema } from './bike';
import { DateTime, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

export const CommandTypeSchema = StringEnum(COMMAND_TYPES);
export const CommandStatusSchema = StringEnum(COMMAND_STATUSES);

/** One command sent to a bike's module, PENDING until the module acknowledges it. */
export const CommandSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    vehicleNumber: Type.String(),
    type: CommandTypeSchema,
    /** 'true' / 'false' for LOCK_CONTROL and ALARM, a mode name for MODE */
    value: Type.String(),
    status: CommandStatusSchema,
    /** e-mail of the user, or RIDER when a rider's theft declaration switched the mode */
    requestedBy: Type.String(),
    requestedAt: DateTime(),
    acknowledgedAt: Nullable(DateTime()),
    expiresAt: DateTime(),
    detail: Nullable(Type.String()),
  },
  strict,
);
export type Command = Static<typeof CommandSchema>;

/** 202 answer of every command call: the command(s) created, PENDING. */
export const CommandsAcceptedSchema = Type.Object({ commands: Type.Array(CommandSchema) }, strict);
export type CommandsAccepted = Static<typeof CommandsAcceptedSchema>;

/**
 * Bulk lists: `vehicleNumbers=A&vehicleNumbers=B` or `vehicleNumbers=A,B`; each item follows
 * the frame pattern; at most BULK_LIMIT (configurable) numbers.
 */
export const VehicleNumbersQuerySchema = Type.Array(Type.String({ minLength: 1 }), {
  minItems: 1,
  description: 'repeated or comma-separated frame numbers',
});

export const ActiveQuerySchema = Type.Object({ active: Type.Boolean() }, strict);
export const BulkActiveQuerySchema = Type.Object(
  { vehicleNumbers: VehicleNumbersQuerySchema, active: Type.Boolean() },
  strict,
);
export const ModeQuerySchema = Type.Object({ mode: IotModeSchema }, strict);
export const BulkModeQuerySchema = Type.Object(
  { vehicleNumbers: VehicleNumbersQuerySchema, mode: IotModeSchema },
  strict,
);

/** POST commands/ack/{id}: id of the alert event (ALARM_TRIGGERED) the manager acknowledges. */
export const AlertIdParamsSchema = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) },
  strict,
);
export const AlertAcknowledgedSchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleNumber: Nullable(Type.String()),
    acknowledgedAt: DateTime(),
    acknowledgedBy: Type.String(),
  },
  strict,
);
export type AlertAcknowledged = Static<typeof AlertAcknowledgedSchema>;
