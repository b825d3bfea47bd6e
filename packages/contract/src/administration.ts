// Shapes of the administration's fleet calls (docs/architecture.md): the fleet settings
// an administrator edits (DESIGN §7: warning thresholds and the CO2 factor are fleet settings)
// and the fleet's activity log (every audited action of DESIGN §7, who, when, what).
import { Type, type Static } from '@sinclair/typebox';
import { EVENT_NAMES, AUDIT_EVENT_NAMES } from './enums';
import { DateTime, Page } from './schema-helpers';
import { EventSchema, pagingProperties } from './bike-records';
import { OPEN_DATA_SETTINGS_CHANGED } from './open-data';
import { MDS_CLIENT_CREATED, MDS_CLIENT_REVOKED } from './city-access';
import { SHARE_EVENT_NAMES } from './shares';
import { ZONE_EVENT_NAMES } from './zones';
import { WEBHOOK_AUDIT_EVENT_NAMES } from './webhooks';
import { FIRMWARE_AUDIT_EVENT_NAMES } from './firmware';
import { RULE_AUDIT_EVENT_NAMES } from './rules';
import { NOTIFICATION_RULE_EVENT_NAMES } from './notifications';
import { BATTERY_SETTINGS_CHANGED } from './battery';

const strict = { additionalProperties: false } as const;

// ---- fleet settings ---------------------------------------------------------------------

const settingsProperties = {
  /** a bike battery at or under this level is LOW_VEHICLE_BATTERY */
  lowVehicleBatteryPercent: Type.Integer({ minimum: 1, maximum: 99 }),
  /** an IoT battery at or under this level is LOW_MODULE_BATTERY */
  lowModuleBatteryPercent: Type.Integer({ minimum: 1, maximum: 99 }),
  /** no data for longer than this is LACK_MODULE_COMM (SPEC: 7 days = 168 h) */
  lackOfCommunicationHours: Type.Integer({ minimum: 1, maximum: 24 * 365 }),
  /** kg of CO2 avoided per km ridden (default 0.12) */
  co2KgPerKm: Type.Number({ minimum: 0, maximum: 10 }),
  /** minutes a bike may stand in a no-parking zone before PARKED_IN_NO_PARKING (default 15) */
  noParkingGraceMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
};

export const FleetSettingsSchema = Type.Object(settingsProperties, strict);
export type FleetSettings = Static<typeof FleetSettingsSchema>;

/** PUT fleet/settings: the settings to change (at least one). */
export const FleetSettingsUpdateSchema = Type.Partial(Type.Object(settingsProperties), {
  ...strict,
  minProperties: 1,
});
export type FleetSettingsUpdate = Static<typeof FleetSettingsUpdateSchema>;

// ---- activity log -----------------------------------------------------------------------

/** Audit names of the account changes (type OTHER, no bike). */
export const ACCOUNT_EVENT_NAMES = [
  'ACCOUNT_CREATED',
  'ACCOUNT_UPDATED',
  'ACCOUNT_DELETED',
  'ACCOUNT_PASSWORD_SET',
  'ACCOUNT_PASSWORD_CHANGED',
  'ACCOUNT_PASSWORD_RESET',
  'ACCOUNT_VALIDATED',
] as const;

/** The audit event of a fleet settings change; data: `{ from, to }` of the changed values. */
export const FLEET_SETTINGS_CHANGED = 'FLEET_SETTINGS_CHANGED';

/** The audit events of the ingest quarantine (docs/operations.md): a message stored again, or cleared;
 *  data: `{ moduleId, kind, reason }` (and `outcome` when stored). */
export const QUARANTINE_EVENT_NAMES = ['QUARANTINE_STORED', 'QUARANTINE_CLEARED'] as const;

/** The kinds of action the activity log filters by, and the event names of each. */
export const ACTIVITY_KINDS = {
  commands: ['ASSISTANCE_LOCKED', 'ASSISTANCE_UNLOCKED', 'ALARM_ON', 'ALARM_OFF', 'MODE_CHANGED'],
  availability: ['AVAILABILITY_CHANGED'],
  thefts: ['THEFT_DECLARED', 'THEFT_CANCELLED'],
  bikes: ['PAIRED', 'UNPAIRED'],
  accounts: ACCOUNT_EVENT_NAMES,
  settings: [
    FLEET_SETTINGS_CHANGED,
    OPEN_DATA_SETTINGS_CHANGED,
    MDS_CLIENT_CREATED,
    MDS_CLIENT_REVOKED,
    // the webhooks' changes (docs/webhooks.md)
    ...WEBHOOK_AUDIT_EVENT_NAMES,
    // the battery settings (docs/battery.md)
    BATTERY_SETTINGS_CHANGED,
    // the modules' firmware: packages and campaigns (docs/firmware.md)
    ...FIRMWARE_AUDIT_EVENT_NAMES,
    // the rules' changes (docs/rules.md)
    ...RULE_AUDIT_EVENT_NAMES,
  ],
  quarantine: QUARANTINE_EVENT_NAMES,
  zones: ZONE_EVENT_NAMES,
  notifications: NOTIFICATION_RULE_EVENT_NAMES,
  shares: SHARE_EVENT_NAMES,
} as const satisfies Record<string, readonly string[]>;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as ActivityKind[];

/**
 * The events of the administration (docs/operations.md): account changes (e-mails, roles, password
 * resets) and fleet settings. Only an administrator reads them — GET fleet/events is admin-only
 * and fleet/stream leaves them out for a manager (server modules/events/readers.ts).
 */
export const ADMINISTRATION_EVENT_NAMES: ReadonlySet<string> = new Set([
  ...ACTIVITY_KINDS.accounts,
  ...ACTIVITY_KINDS.settings,
  ...ACTIVITY_KINDS.quarantine,
  ...ACTIVITY_KINDS.notifications,
]);

/** every name an activity entry may carry */
export const ACTIVITY_EVENT_NAMES = [
  ...new Set<string>([
    ...Object.values(ACTIVITY_KINDS).flat(),
    ...EVENT_NAMES,
    ...AUDIT_EVENT_NAMES,
  ]),
];

export const ActivityQuerySchema = Type.Object(
  {
    ...pagingProperties(50),
    /** only these kinds of action */
    kind: Type.Optional(
      Type.Array(Type.Union(ACTIVITY_KIND_NAMES.map((kind) => Type.Literal(kind))), {
        maxItems: ACTIVITY_KIND_NAMES.length,
      }),
    ),
    /** the acting user's e-mail contains this (case-insensitive) */
    user: Type.Optional(
      Type.String({ minLength: 1, maxLength: 320, pattern: '^[^\\u0000-\\u001F\\u007F]+$' }),
    ),
    /** only this bike */
    vehicleNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 45 })),
    from: Type.Optional(DateTime()),
    to: Type.Optional(DateTime()),
  },
  strict,
);
export type ActivityQuery = Static<typeof ActivityQuerySchema>;

/** Newest first: the actions of the fleet's users (source MANAGER). */
export const ActivityPageSchema = Page(EventSchema);
export type ActivityPage = Static<typeof ActivityPageSchema>;
