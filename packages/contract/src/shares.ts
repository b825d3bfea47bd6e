// Shared live positions (ADR 0094): a manager makes a link to one bike's live
// position, valid 1 hour to 7 days, revocable; whoever opens it sees that bike's position and
// the label the manager chose, nothing else of the fleet. The token is in the link only (stored
// as its SHA-256), so the creation's answer is the only one that carries the link.
import { Type, type Static } from '@sinclair/typebox';
import { VehicleNumberSchema } from './bike';
import { SHARE_LABEL_MAX, SHARE_MAX_HOURS, SHARE_MIN_HOURS } from './constants';
import { DateTime, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** The audit events of shares; data: `{ shareId, label, expiresAt }`. */
export const SHARE_CREATED = 'SHARE_CREATED';
export const SHARE_REVOKED = 'SHARE_REVOKED';
export const SHARE_OPENED = 'SHARE_OPENED';
export const SHARE_EVENT_NAMES = [SHARE_CREATED, SHARE_REVOKED, SHARE_OPENED] as const;

export const SHARE_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export const ShareSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    vehicleNumber: VehicleNumberSchema,
    /** what the opener sees as the bike's name; null: a neutral "Shared bike" */
    label: Nullable(Type.String()),
    createdAt: DateTime(),
    createdBy: Nullable(Type.String()),
    expiresAt: DateTime(),
    revokedAt: Nullable(DateTime()),
    revokedBy: Nullable(Type.String()),
    /** how many times the link was opened, and the last time */
    openings: Type.Integer({ minimum: 0 }),
    lastOpenedAt: Nullable(DateTime()),
    /** at the time of the answer */
    state: StringEnum(SHARE_STATES),
  },
  strict,
);
export type Share = Static<typeof ShareSchema>;

/** GET products/shares/{vehicleNumber}: the bike's shares, newest first (the last 50). */
export const ShareListSchema = Type.Object({ content: Type.Array(ShareSchema) }, strict);
export type ShareList = Static<typeof ShareListSchema>;

/** POST products/shares/{vehicleNumber} */
export const ShareCreateSchema = Type.Object(
  {
    /** how long the link works, 1 hour to 7 days */
    validForHours: Type.Integer({ minimum: SHARE_MIN_HOURS, maximum: SHARE_MAX_HOURS }),
    /** optional name shown to the opener (e.g. "Bike stolen on 3 May"); no control characters */
    label: Type.Optional(
      Type.String({ maxLength: SHARE_LABEL_MAX, pattern: '^[^\\u0000-\\u001F\\u007F]*$' }),
    ),
  },
  strict,
);
export type ShareCreate = Static<typeof ShareCreateSchema>;

/** The answer to a creation: the share and its link (shown this once: only its hash is kept). */
export const ShareCreatedSchema = Type.Object(
  {
    share: ShareSchema,
    url: Type.String({ description: 'the public page, the token in its fragment' }),
  },
  strict,
);
export type ShareCreated = Static<typeof ShareCreatedSchema>;

export const ShareParamsSchema = Type.Object(
  { vehicleNumber: VehicleNumberSchema, id: Type.String({ format: 'uuid' }) },
  strict,
);

/** GET shared-position?token=…: the public read (no sign-in). */
export const SharedPositionQuerySchema = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
    /** true on the first read of a page load: the opening is audited */
    opening: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type SharedPositionQuery = Static<typeof SharedPositionQuerySchema>;

/** Only what the opener may see: the label, the last position and its time, the expiry. */
export const SharedPositionSchema = Type.Object(
  {
    label: Nullable(Type.String()),
    position: Nullable(
      Type.Object(
        {
          latitude: Type.Number({ minimum: -90, maximum: 90 }),
          longitude: Type.Number({ minimum: -180, maximum: 180 }),
          /** when the bike reported it */
          at: Nullable(DateTime()),
        },
        strict,
      ),
    ),
    expiresAt: DateTime(),
  },
  strict,
);
export type SharedPosition = Static<typeof SharedPositionSchema>;
