// Webhooks (ADR 0088): endpoints of a fleet, set by its administrators, that
// receive its alerts as JSON bodies signed per the Standard Webhooks specification
// (https://www.standardwebhooks.com): headers `webhook-id`, `webhook-timestamp`,
// `webhook-signature` = `v1,` + base64(HMAC-SHA256(secret, id.timestamp.body)). The secret
// (`whsec_` + base64) is shown once; every attempt is kept in the endpoint's delivery log.
// docs/webhooks.md tells a receiver how to verify a request.
import { Type, type Static } from '@sinclair/typebox';
import { ALERT_CLEAR_CAUSES, ALERT_KINDS, ALERT_SEVERITIES } from './alerts';
import { pagingProperties } from './bike-records';
import { ZONE_CAP_KINDS } from './zones';
import { DateTime, IdParamsSchema, Nullable, Page, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** The events an endpoint may receive; `webhook.test` is sent by "send a test event" only. */
export const WEBHOOK_EVENT_TYPES = [
  'alert.opened',
  'alert.cleared',
  // a zone's permit cap crossed for ZONE_CAP_GRACE_MINUTES, and back within it (docs/zones.md)
  'zone.cap-crossed',
  'zone.cap-ended',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints of one fleet at most. */
export const WEBHOOKS_PER_FLEET_MAX = 20;
/** Characters of the receiver's answer kept per attempt (the first KiB). */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 1024;
/** A receiver must answer within this time (then the attempt failed). */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/**
 * The waits between automatic attempts: ×4 each time from 30 s, at most 8 h — 9 attempts over
 * 26 h 50 min (docs/webhooks.md "Retries").
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [
  30, 120, 480, 1920, 7680, 28_800, 28_800, 28_800,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint whose attempts have failed for this long (no success between) is disabled. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;

/** The audit events of the webhooks (admin-only reading: ADMINISTRATION_EVENT_NAMES). */
export const WEBHOOK_AUDIT_EVENT_NAMES = [
  'WEBHOOK_CREATED',
  'WEBHOOK_UPDATED',
  'WEBHOOK_DELETED',
  'WEBHOOK_SECRET_ROTATED',
  'WEBHOOK_DISABLED',
] as const;

/** Why an endpoint does not receive: an administrator turned it off, or it failed for 24 h. */
export const WEBHOOK_DISABLED_REASONS = ['MANUAL', 'FAILING'] as const;

const Url = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  description: 'https (http only when the operator sets WEBHOOK_ALLOW_PRIVATE)',
});
const Kinds = Type.Array(StringEnum(ALERT_KINDS), {
  minItems: 1,
  maxItems: ALERT_KINDS.length,
  uniqueItems: true,
});
const EventTypes = Type.Array(StringEnum(WEBHOOK_EVENT_TYPES), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
});
const Description = Type.String({
  maxLength: WEBHOOK_DESCRIPTION_MAX,
  pattern: '^[^\\u0000-\\u001f\\u007f]*$',
});

export const WebhookCreateSchema = Type.Object(
  {
    url: Url,
    /** the alert kinds it receives */
    kinds: Kinds,
    /** default: alert.opened only */
    events: Type.Optional(EventTypes),
    description: Type.Optional(Description),
  },
  strict,
);
export type WebhookCreate = Static<typeof WebhookCreateSchema>;

/** A full replacement of what an administrator sets; `enabled` turns it on or off. */
export const WebhookUpdateSchema = Type.Object(
  { url: Url, kinds: Kinds, events: EventTypes, description: Description, enabled: Type.Boolean() },
  strict,
);
export type WebhookUpdate = Static<typeof WebhookUpdateSchema>;

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String(),
    kinds: Type.Array(StringEnum(ALERT_KINDS)),
    events: Type.Array(StringEnum(WEBHOOK_EVENT_TYPES)),
    description: Type.String(),
    enabled: Type.Boolean(),
    /** null while enabled */
    disabledReason: Nullable(StringEnum(WEBHOOK_DISABLED_REASONS)),
    /** the first failed attempt since the last success (null: not failing) */
    failingSince: Nullable(DateTime()),
    /** the secret's first characters, to tell it apart (never the secret) */
    secretHint: Type.String(),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    updatedBy: Nullable(Type.String()),
  },
  strict,
);
export type Webhook = Static<typeof WebhookSchema>;

/** The creation's and the rotation's answer: the secret, shown this once. */
export const WebhookWithSecretSchema = Type.Object(
  {
    webhook: WebhookSchema,
    /** `whsec_` + base64 of 32 random bytes: keep it, it is never shown again */
    secret: Type.String({ pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$' }),
  },
  strict,
);
export type WebhookWithSecret = Static<typeof WebhookWithSecretSchema>;

export const WebhookListSchema = Type.Object({ content: Type.Array(WebhookSchema) }, strict);
export type WebhookList = Static<typeof WebhookListSchema>;

export const WebhookParamsSchema = IdParamsSchema;
export const WebhookDeliveryParamsSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), deliveryId: Type.String({ format: 'uuid' }) },
  strict,
);

// ---- the delivery log ------------------------------------------------------------------

/** PENDING: an attempt is due; DELIVERED: a 2xx came; FAILED: no more automatic attempts. */
export const WEBHOOK_DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WebhookAttemptSchema = Type.Object(
  {
    at: DateTime(),
    /** the receiver's HTTP status; null when none came (refused, timeout, blocked address) */
    status: Nullable(Type.Integer()),
    latencyMs: Type.Integer({ minimum: 0 }),
    /** the first KiB of the answer */
    response: Type.String(),
    /** why no 2xx came, when no status says it (e.g. "timeout", "blocked address") */
    error: Nullable(Type.String()),
    /** sent by an administrator (redeliver, test) rather than by the schedule */
    manual: Type.Boolean(),
  },
  strict,
);
export type WebhookAttempt = Static<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = Type.Object(
  {
    /** the `webhook-id` header: the same for every attempt (receivers dedupe on it) */
    id: Type.String({ format: 'uuid' }),
    event: Type.String(),
    /** the bike and alert kind it is about; null for a test event (a zone's cap: no bike) */
    vehicleNumber: Nullable(Type.String()),
    kind: Nullable(StringEnum([...ALERT_KINDS, ...ZONE_CAP_KINDS])),
    state: StringEnum(WEBHOOK_DELIVERY_STATES),
    createdAt: DateTime(),
    /** the next automatic attempt (PENDING only) */
    nextAttemptAt: Nullable(DateTime()),
    /** newest first */
    attempts: Type.Array(WebhookAttemptSchema),
  },
  strict,
);
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

export const WebhookDeliveryQuerySchema = Type.Object(pagingProperties(20), strict);
export type WebhookDeliveryQuery = Static<typeof WebhookDeliveryQuerySchema>;
/** Newest first. */
export const WebhookDeliveryPageSchema = Page(WebhookDeliverySchema);
export type WebhookDeliveryPage = Static<typeof WebhookDeliveryPageSchema>;

/** "Send a test event" and "redeliver": the delivery that will be attempted. */
export const WebhookDeliveryQueuedSchema = Type.Object(
  { deliveryId: Type.String({ format: 'uuid' }) },
  strict,
);
export type WebhookDeliveryQueued = Static<typeof WebhookDeliveryQueuedSchema>;

// ---- what a receiver gets ----------------------------------------------------------------

export const WebhookAlertPayloadSchema = Type.Object(
  {
    type: StringEnum(['alert.opened', 'alert.cleared'] as const),
    /** when the event happened */
    timestamp: DateTime(),
    data: Type.Object({
      alert: Type.Object({
        id: Type.String({ format: 'uuid' }),
        kind: StringEnum(ALERT_KINDS),
        severity: StringEnum(ALERT_SEVERITIES),
        openedAt: DateTime(),
        clearedAt: Nullable(DateTime()),
        clearCause: Nullable(StringEnum(ALERT_CLEAR_CAUSES)),
      }),
      bike: Type.Object({
        vehicleNumber: Type.String(),
        latitude: Nullable(Type.Number()),
        longitude: Nullable(Type.Number()),
      }),
      /** the bike's page in VFM */
      link: Type.String(),
    }),
  },
  { title: 'The JSON body of an alert.opened or alert.cleared webhook request' },
);
export type WebhookAlertPayload = Static<typeof WebhookAlertPayloadSchema>;

export const WebhookZoneCapPayloadSchema = Type.Object(
  {
    type: StringEnum(['zone.cap-crossed', 'zone.cap-ended'] as const),
    timestamp: DateTime(),
    data: Type.Object({
      /** the zone's alert: the same id when it opened and when it ended */
      zoneAlert: Type.Object({
        id: Type.String({ format: 'uuid' }),
        kind: StringEnum(ZONE_CAP_KINDS),
        /** the zone's maximum (ZONE_ABOVE_MAXIMUM) or minimum (ZONE_BELOW_MINIMUM) */
        cap: Type.Integer({ minimum: 0 }),
        /** the bikes parked in the zone when the event happened */
        parked: Type.Integer({ minimum: 0 }),
      }),
      zone: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
      /** the zones' page in VFM */
      link: Type.String(),
    }),
  },
  { title: "The JSON body of a zone's cap crossed or back within it" },
);
export type WebhookZoneCapPayload = Static<typeof WebhookZoneCapPayloadSchema>;

export const WebhookTestPayloadSchema = Type.Object(
  {
    type: Type.Literal(WEBHOOK_TEST_EVENT),
    timestamp: DateTime(),
    data: Type.Object({ webhookId: Type.String({ format: 'uuid' }), message: Type.String() }),
  },
  { title: 'The JSON body of a test webhook request' },
);
export type WebhookTestPayload = Static<typeof WebhookTestPayloadSchema>;

const signedRequest = (summary: string, schema: object) => ({
  post: {
    summary,
    description:
      'Signed per the Standard Webhooks specification: `webhook-signature` = `v1,` + ' +
      'base64(HMAC-SHA256(secret without `whsec_`, decoded from base64; `{webhook-id}.' +
      '{webhook-timestamp}.{body}`)). The same `webhook-id` for every attempt. See docs/webhooks.md.',
    parameters: [
      { name: 'webhook-id', in: 'header' as const, required: true, schema: { type: 'string' } },
      {
        name: 'webhook-timestamp',
        in: 'header' as const,
        required: true,
        schema: { type: 'string', description: 'seconds since the epoch' },
      },
      {
        name: 'webhook-signature',
        in: 'header' as const,
        required: true,
        schema: { type: 'string' },
      },
    ],
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: {
      '2XX': { description: 'Received: no more attempts' },
      default: { description: 'Not received: retried (docs/webhooks.md "Retries")' },
    },
  },
});

/** The OpenAPI 3.1 `webhooks` object: what VFM sends to an endpoint. */
export const WEBHOOK_OPENAPI = {
  'alert.opened': signedRequest('An alert of the fleet opened', WebhookAlertPayloadSchema),
  'alert.cleared': signedRequest('An alert of the fleet cleared', WebhookAlertPayloadSchema),
  'zone.cap-crossed': signedRequest(
    "A zone's parked bikes above its maximum or below its minimum for 10 minutes",
    WebhookZoneCapPayloadSchema,
  ),
  'zone.cap-ended': signedRequest(
    "A zone's parked bikes back within its caps",
    WebhookZoneCapPayloadSchema,
  ),
  'webhook.test': signedRequest(
    'A test event (Administration → Webhooks)',
    WebhookTestPayloadSchema,
  ),
};
