// Notifications (ADR 0086): alert rules — a user's own, or fleet-wide ones set by an
// administrator — say which kinds of alert, on which bikes, reach whom through which channels
// (in-app, e-mail), with quiet hours and digests; notifications are what a rule delivered to a
// user, listed in the app's bell. docs/notifications.md.
import { Type, type Static } from '@sinclair/typebox';
import { ALERT_KINDS, ALERT_SEVERITIES, ALERT_SEVERITY, type AlertSeverity } from './alerts';
import { VEHICLE_NUMBER_PATTERN } from './patterns';
import { pagingProperties } from './bike-records';
import { DateTime, IdParamsSchema, Nullable, Page, StringEnum } from './schema-helpers';
import { ZONE_CAP_KINDS, ZoneActiveHoursSchema } from './zones';

const strict = { additionalProperties: false } as const;

/**
 * What a rule may name: every kind of alert (the warnings' and the zones'), and three domain
 * events that open no alert — a silent module heard again, a command failed or expired.
 */
export const NOTIFICATION_KINDS = [
  ...ALERT_KINDS,
  'MODULE_BACK',
  'COMMAND_FAILED',
  'COMMAND_EXPIRED',
  // a zone's permit caps (docs/zones.md): about a zone, not a bike
  ...ZONE_CAP_KINDS,
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_SEVERITY: Record<NotificationKind, AlertSeverity> = {
  ...ALERT_SEVERITY,
  MODULE_BACK: 'MINOR',
  COMMAND_FAILED: 'MAJOR',
  COMMAND_EXPIRED: 'MINOR',
  ZONE_ABOVE_MAXIMUM: 'MAJOR',
  ZONE_BELOW_MINIMUM: 'MINOR',
};

/** CRITICAL first: a rule's minimum severity lets through its own rank and the ones above. */
export const severityRank = (severity: AlertSeverity) =>
  ALERT_SEVERITIES.length - ALERT_SEVERITIES.indexOf(severity);

/** In the app's bell; by e-mail; by web push to the user's browsers; by SMS to their phone
 *  number (docs/notifications.md, ADR 0124). */
export const NOTIFICATION_CHANNELS = ['IN_APP', 'EMAIL', 'PUSH', 'SMS'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** ALL the fleet's bikes; those of some GROUPS (their sub-groups included); a list of BIKES. */
export const RULE_BIKE_SCOPES = ['ALL', 'GROUPS', 'BIKES'] as const;
export type RuleBikeScope = (typeof RULE_BIKE_SCOPES)[number];

/** NONE: one message per alert; HOURLY or DAILY: one summary instead (e-mail). */
export const RULE_DIGESTS = ['NONE', 'HOURLY', 'DAILY'] as const;
export type RuleDigest = (typeof RULE_DIGESTS)[number];

export const RULE_NAME_MAX = 100;
export const RULE_BIKES_MAX = 1000;
export const RULE_GROUPS_MAX = 100;
/** rules of one user (fleet-wide ones: of one fleet) */
export const RULES_PER_OWNER_MAX = 50;

/** The audit events of the rules (type OTHER, no bike); data: `{ id, name, fleetWide }`. */
export const NOTIFICATION_RULE_EVENT_NAMES = [
  'NOTIFICATION_RULE_CREATED',
  'NOTIFICATION_RULE_UPDATED',
  'NOTIFICATION_RULE_DELETED',
  'NOTIFICATION_RULE_UNSUBSCRIBED',
  'NOTIFICATION_RULE_RESUBSCRIBED',
  'PUSH_SUBSCRIBED',
  'PUSH_UNSUBSCRIBED',
] as const;

const ruleProperties = {
  name: Type.String({ minLength: 1, maxLength: RULE_NAME_MAX }),
  enabled: Type.Boolean({ default: true }),
  kinds: Type.Array(StringEnum(NOTIFICATION_KINDS), {
    minItems: 1,
    maxItems: NOTIFICATION_KINDS.length,
    uniqueItems: true,
  }),
  bikeScope: StringEnum(RULE_BIKE_SCOPES),
  /** with bikeScope GROUPS: the fleet's groups (their sub-groups included) */
  groupIds: Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), { maxItems: RULE_GROUPS_MAX, uniqueItems: true }),
  ),
  /** with bikeScope BIKES: vehicle numbers of the fleet */
  vehicleNumbers: Type.Optional(
    Type.Array(Type.String({ pattern: VEHICLE_NUMBER_PATTERN }), {
      maxItems: RULE_BIKES_MAX,
      uniqueItems: true,
    }),
  ),
  channels: Type.Array(StringEnum(NOTIFICATION_CHANNELS), {
    minItems: 1,
    maxItems: NOTIFICATION_CHANNELS.length,
    uniqueItems: true,
  }),
  /** the lowest severity notified (MINOR: everything) */
  minSeverity: StringEnum(ALERT_SEVERITIES),
  /** no e-mail in these hours (the user's time zone); in-app notifications still arrive */
  quietHours: Nullable(ZoneActiveHoursSchema),
  /** kinds that pierce the quiet hours (a theft alarm at 3 a.m.) */
  alwaysNotify: Type.Array(StringEnum(NOTIFICATION_KINDS), {
    maxItems: NOTIFICATION_KINDS.length,
    uniqueItems: true,
  }),
  digest: StringEnum(RULE_DIGESTS),
};

/** POST notification-rules: the caller's own rule, or (administrators) a fleet-wide one. */
export const NotificationRuleCreateSchema = Type.Object(
  { ...ruleProperties, fleetWide: Type.Optional(Type.Boolean({ default: false })) },
  strict,
);
export type NotificationRuleCreate = Static<typeof NotificationRuleCreateSchema>;

/** PUT notification-rules/{id}: the whole rule, with the version read (409 when stale). */
export const NotificationRuleUpdateSchema = Type.Object(
  { ...ruleProperties, version: Type.Integer({ minimum: 1 }) },
  strict,
);
export type NotificationRuleUpdate = Static<typeof NotificationRuleUpdateSchema>;

export const NotificationRuleSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    ...ruleProperties,
    groupIds: Type.Array(Type.String({ format: 'uuid' })),
    vehicleNumbers: Type.Array(Type.String()),
    /** set by an administrator for every manager of the fleet */
    fleetWide: Type.Boolean(),
    /** the rule every new manager gets (theft: in-app and e-mail) */
    isDefault: Type.Boolean(),
    /**
     * the caller unsubscribed from the rule's e-mails (the one-click link): a fleet-wide rule
     * keeps e-mailing the others, their own rule lost its EMAIL channel; POST
     * notification-rules/{id}/resubscribe turns them on again
     */
    emailUnsubscribed: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
    updatedAt: DateTime(),
    updatedBy: Nullable(Type.String()),
  },
  strict,
);
export type NotificationRule = Static<typeof NotificationRuleSchema>;

export const NotificationRuleListSchema = Type.Object(
  { content: Type.Array(NotificationRuleSchema) },
  strict,
);
export type NotificationRuleList = Static<typeof NotificationRuleListSchema>;

export const NotificationRuleParamsSchema = IdParamsSchema;

// ---- the notifications of a user ---------------------------------------------------------

export const NotificationSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: StringEnum(NOTIFICATION_KINDS),
    severity: StringEnum(ALERT_SEVERITIES),
    /** the bike it is about; null for a zone's cap (ZONE_ABOVE_MAXIMUM, ZONE_BELOW_MINIMUM) */
    vehicleNumber: Nullable(Type.String()),
    /** the zone it is about (a zone's cap), by its name when it happened */
    zone: Nullable(
      Type.Object({ id: Nullable(Type.String({ format: 'uuid' })), name: Type.String() }, strict),
    ),
    /** the alert it is about (alert kinds) */
    alertId: Nullable(Type.String({ format: 'uuid' })),
    /** when it happened */
    occurredAt: DateTime(),
    readAt: Nullable(DateTime()),
  },
  strict,
);
export type Notification = Static<typeof NotificationSchema>;

export const NotificationQuerySchema = Type.Object(
  {
    ...pagingProperties(20),
    /** only the unread ones */
    unread: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type NotificationQuery = Static<typeof NotificationQuerySchema>;

/** Newest first, with the caller's unread count. */
export const NotificationPageSchema = Type.Composite(
  [Page(NotificationSchema), Type.Object({ unread: Type.Integer({ minimum: 0 }) })],
  strict,
);
export type NotificationPage = Static<typeof NotificationPageSchema>;

export const NotificationParamsSchema = IdParamsSchema;

export const NotificationUnreadSchema = Type.Object(
  { unread: Type.Integer({ minimum: 0 }) },
  strict,
);
export type NotificationUnread = Static<typeof NotificationUnreadSchema>;

/** The one-click unsubscribe of an e-mail (RFC 8058): the signed token of its link. */
export const UnsubscribeQuerySchema = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 300, pattern: '^[A-Za-z0-9_.-]+$' }) },
  strict,
);

// ---- web push (ADR 0098) ----------------------------------------------------

/** GET push/public-key: the server's VAPID public key (PushManager's applicationServerKey). */
export const PushPublicKeySchema = Type.Object(
  { publicKey: Type.String({ pattern: '^[A-Za-z0-9_-]{87}$' }) },
  strict,
);
export type PushPublicKey = Static<typeof PushPublicKeySchema>;

export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_SUBSCRIPTIONS_PER_USER_MAX = 20;

/** POST push-subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionCreateSchema = Type.Object(
  {
    endpoint: Type.String({ minLength: 10, maxLength: PUSH_ENDPOINT_MAX }),
    expirationTime: Type.Optional(Nullable(Type.Number())),
    keys: Type.Object(
      {
        /** the browser's P-256 public key, URL-safe base64 (65 bytes) */
        p256dh: Type.String({ pattern: '^[A-Za-z0-9_-]{86,88}={0,2}$' }),
        /** the 16-byte authentication secret, URL-safe base64 */
        auth: Type.String({ pattern: '^[A-Za-z0-9_-]{22,24}={0,2}$' }),
      },
      strict,
    ),
  },
  strict,
);
export type PushSubscriptionCreate = Static<typeof PushSubscriptionCreateSchema>;

/** A browser of the caller that receives push: its push service, never its whole endpoint. */
export const PushSubscriptionSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    /** the push service's origin (https://fcm.googleapis.com…) */
    service: Type.String(),
    userAgent: Nullable(Type.String()),
    createdAt: DateTime(),
  },
  strict,
);
export type PushSubscription = Static<typeof PushSubscriptionSchema>;

export const PushSubscriptionListSchema = Type.Object(
  { content: Type.Array(PushSubscriptionSchema) },
  strict,
);
export type PushSubscriptionList = Static<typeof PushSubscriptionListSchema>;

export const PushSubscriptionParamsSchema = IdParamsSchema;

/**
 * What the service worker receives (encrypted, aes128gcm): the notification's text already in
 * the user's language, and the bike page it opens.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** the bike's page, path of the web app (/en/fleet/product/…); a zone's: /en/zones */
  url: string;
  /** one notification per bike (or zone) and kind on screen: a newer one replaces it */
  tag: string;
  kind: NotificationKind;
  /** null for a zone's caps (ZONE_ABOVE_MAXIMUM, ZONE_BELOW_MINIMUM) */
  vehicleNumber: string | null;
  occurredAt: string;
}
