// Alerts (ADR 0081): each occurrence of a warning condition of a bike, recorded when
// it starts, with a life cycle after ThingsBoard's alarms — open, acknowledged (by whom, when,
// a comment), assigned to a user of the fleet, cleared (automatically when the condition ends,
// or by hand with a reason). The warnings screen and the bike page show and act on them.
import { Type, type Static } from '@sinclair/typebox';
import { WARNING_TYPES } from './enums';
import { RULE_ALERT_KINDS } from './rule-kinds';
import { VEHICLE_NUMBER_PATTERN } from './patterns';
import { pagingProperties } from './bike-records';
import { DateTime, IdParamsSchema, Nullable, Page, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** The kinds of alert: one per warning type, and the zones' (docs/zones.md): a bike outside its
 *  fleet's service area, in a no-ride zone, parked in a no-parking zone for longer than the
 *  fleet's noParkingGraceMinutes. */
export const ZONE_ALERT_KINDS = [
  'OUTSIDE_SERVICE_AREA',
  'IN_NO_RIDE_ZONE',
  'PARKED_IN_NO_PARKING',
] as const;
/** How long a bike may stand in a no-parking zone before its alert opens (a drop-off, a
 *  rider's short stop): the default of the fleet setting noParkingGraceMinutes. */
export const NO_PARKING_GRACE_MINUTES = 15;
/** The battery health's kind (docs/battery.md): a pack of the bike under the fleet's state of
 *  health threshold, or losing it abnormally fast. */
export const BATTERY_ALERT_KINDS = ['BATTERY_HEALTH'] as const;
/** …and the rules' (ADR 0126): the built-in theft and tamper rules', and RULE (a written rule). */
export const ALERT_KINDS = [
  ...WARNING_TYPES,
  ...ZONE_ALERT_KINDS,
  ...BATTERY_ALERT_KINDS,
  ...RULE_ALERT_KINDS,
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** A theft is critical, a silent module major, a low battery minor. */
export const ALERT_SEVERITY: Record<AlertKind, AlertSeverity> = {
  REPORTED_THEFT: 'CRITICAL',
  SUSPECTED_THEFT: 'CRITICAL',
  LACK_MODULE_COMM: 'MAJOR',
  LOW_VEHICLE_BATTERY: 'MINOR',
  LOW_MODULE_BATTERY: 'MINOR',
  OUTSIDE_SERVICE_AREA: 'MAJOR',
  IN_NO_RIDE_ZONE: 'MAJOR',
  PARKED_IN_NO_PARKING: 'MINOR',
  BATTERY_HEALTH: 'MINOR',
  // the rules' defaults: a rule alert takes its rule's severity (ADR 0126)
  UNACCOMPANIED_MOTION: 'CRITICAL',
  VAN_HOP: 'CRITICAL',
  BATTERY_REMOVED: 'MAJOR',
  BATTERY_RISING_PARKED: 'MAJOR',
  MODULE_POWER_CUT: 'CRITICAL',
  FAR_OUTSIDE_SERVICE_AREA: 'CRITICAL',
  RULE: 'MAJOR',
};

/** OPEN: nobody has taken it; ACKNOWLEDGED: someone has; CLEARED: over (history). */
export const ALERT_STATES = ['OPEN', 'ACKNOWLEDGED', 'CLEARED'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** Why an alert was cleared: its condition ended, or a user cleared it by hand. */
export const ALERT_CLEAR_CAUSES = ['CONDITION_ENDED', 'MANUAL'] as const;
export type AlertClearCause = (typeof ALERT_CLEAR_CAUSES)[number];

/** A battery must come back this many points above its threshold to end its alert. */
export const BATTERY_HYSTERESIS_PERCENT = 5;

export const ALERT_COMMENT_MAX = 500;
/** bikes named in one alerts query */
export const ALERT_BIKES_MAX = 100;

const UserRefSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), email: Type.String(), name: Nullable(Type.String()) },
  strict,
);
export type AlertUserRef = Static<typeof UserRefSchema>;

export const AlertSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: StringEnum(ALERT_KINDS),
    severity: StringEnum(ALERT_SEVERITIES),
    state: StringEnum(ALERT_STATES),
    vehicleNumber: Type.String(),
    /** when the condition started */
    openedAt: DateTime(),
    acknowledgedAt: Nullable(DateTime()),
    acknowledgedBy: Nullable(UserRefSchema),
    /** the comment given when acknowledging */
    comment: Nullable(Type.String()),
    assignee: Nullable(UserRefSchema),
    assignedAt: Nullable(DateTime()),
    clearedAt: Nullable(DateTime()),
    /** null while the alert is not cleared, or when it cleared by itself */
    clearedBy: Nullable(UserRefSchema),
    clearCause: Nullable(StringEnum(ALERT_CLEAR_CAUSES)),
    /** the reason given when cleared by hand */
    clearReason: Nullable(Type.String()),
    /** a rule's alert (ADR 0126): its rule, and the messages that made it fire */
    rule: Type.Optional(Nullable(Type.Object({ id: Type.String(), name: Type.String() }, strict))),
    detail: Type.Optional(Nullable(Type.Unknown())),
  },
  strict,
);
export type Alert = Static<typeof AlertSchema>;

/** `active` = OPEN and ACKNOWLEDGED (the default); `all` includes the history. */
export const ALERT_STATE_FILTERS = ['active', 'OPEN', 'ACKNOWLEDGED', 'CLEARED', 'all'] as const;
export type AlertStateFilter = (typeof ALERT_STATE_FILTERS)[number];

export const AlertQuerySchema = Type.Object(
  {
    ...pagingProperties(50),
    state: StringEnum(ALERT_STATE_FILTERS, { default: 'active' }),
    kind: Type.Optional(StringEnum(ALERT_KINDS)),
    /** one bike, or several (repeated: the rows of a warnings page ask together) */
    vehicleNumber: Type.Optional(
      Type.Array(Type.String({ pattern: VEHICLE_NUMBER_PATTERN }), {
        minItems: 1,
        maxItems: ALERT_BIKES_MAX,
      }),
    ),
    /** only the alerts assigned to the caller */
    mine: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type AlertQuery = Static<typeof AlertQuerySchema>;

/** Newest first. */
export const AlertPageSchema = Page(AlertSchema);
export type AlertPage = Static<typeof AlertPageSchema>;

export const AlertParamsSchema = IdParamsSchema;

const Comment = Type.String({ minLength: 1, maxLength: ALERT_COMMENT_MAX });

export const AlertAcknowledgeSchema = Type.Object({ comment: Type.Optional(Comment) }, strict);
export type AlertAcknowledge = Static<typeof AlertAcknowledgeSchema>;

/** null: nobody (unassign) */
export const AlertAssignSchema = Type.Object(
  { assigneeId: Nullable(Type.String({ format: 'uuid' })) },
  strict,
);
export type AlertAssign = Static<typeof AlertAssignSchema>;

export const AlertClearSchema = Type.Object({ reason: Comment }, strict);
export type AlertClear = Static<typeof AlertClearSchema>;

/** The users an alert may be assigned to (the fleet's accounts). */
export const AlertAssigneesSchema = Type.Object({ users: Type.Array(UserRefSchema) }, strict);
export type AlertAssignees = Static<typeof AlertAssigneesSchema>;
