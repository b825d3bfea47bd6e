// Rules (ADR 0126, docs/rules.md): conditions over a bike's state and telemetry that the server
// evaluates by itself — per message in the ingest's batch, durations and absences by a sweep —
// and their actions: an alert of the rule's own kind and severity (through the alerts' life
// cycle, so the bell, e-mail, push, webhooks and SMS follow), a task, a command. A condition is
// typed JSON, never code. Built-in theft and tamper rules exist in every fleet, on by default.
import { Type, type Static } from '@sinclair/typebox';
import { ALERT_SEVERITIES } from './alerts';
import { AVAILABILITIES, COMMAND_TYPES } from './enums';
import { TASK_KINDS, TASK_PRIORITIES } from './tasks';
import { BUILTIN_RULE_KINDS, RULE_ALERT_KINDS } from './rule-kinds';
import { DateTime, IdParamsSchema, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** The numeric fields a threshold compares (the bike's state, or the message's telemetry). */
export const RULE_NUMERIC_FIELDS = [
  'bikeBattery',
  'iotBattery',
  'speedKmh',
  'odometerKm',
  'batterySoh',
  'batteryCycles',
] as const;
export type RuleNumericField = (typeof RULE_NUMERIC_FIELDS)[number];
export const RULE_OPERATORS = ['lt', 'le', 'gt', 'ge'] as const;
/** Where a bike stands among its fleet's zones (the marks the zones keep, docs/zones.md). */
export const RULE_ZONE_PLACES = ['OUTSIDE_SERVICE_AREA', 'IN_NO_RIDE_ZONE', 'IN_NO_PARKING_ZONE'];

export const RULE_NAME_LENGTH_MAX = 80;
export const RULE_PREDICATES_MAX = 8;
export const RULES_PER_FLEET_MAX = 1000;
export const RULE_WINDOW_MINUTES_MAX = 7 * 24 * 60;
export const RULE_DRY_RUN_DAYS_MAX = 30;

const Minutes = Type.Integer({ minimum: 1, maximum: RULE_WINDOW_MINUTES_MAX });
const Percent = Type.Number({ minimum: 0, maximum: 100 });
const Km = Type.Number({ exclusiveMinimum: 0, maximum: 1000 });
const HourMinute = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

/** One test of a condition; a condition holds when all of its tests hold. */
export const RulePredicateSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('threshold'),
      field: StringEnum(RULE_NUMERIC_FIELDS),
      op: StringEnum(RULE_OPERATORS),
      value: Type.Number({ minimum: -1_000_000, maximum: 10_000_000 }),
    },
    strict,
  ),
  Type.Object(
    {
      type: Type.Literal('availability'),
      in: Type.Array(StringEnum(AVAILABILITIES), { minItems: 1, uniqueItems: true }),
      /** …or assistance-locked, whatever its availability */
      orAssistanceLocked: Type.Optional(Type.Boolean()),
    },
    strict,
  ),
  Type.Object({ type: Type.Literal('assistanceLocked'), value: Type.Boolean() }, strict),
  /** MOVING (speed at or above 3 km/h) or PARKED */
  Type.Object({ type: Type.Literal('moving'), value: Type.Boolean() }, strict),
  Type.Object(
    { type: Type.Literal('zone'), place: StringEnum(RULE_ZONE_PLACES), value: Type.Boolean() },
    strict,
  ),
  /** within (value true) or out of (false) one zone of the fleet, of any type (docs/zones.md:
   *  the zones a bike stands in by its last position) */
  Type.Object(
    {
      type: Type.Literal('inZone'),
      zoneId: Type.String({ format: 'uuid' }),
      value: Type.Boolean(),
    },
    strict,
  ),
  /** beyond the service area by more than `km` (from the last position inside it) */
  Type.Object({ type: Type.Literal('outsideServiceAreaBy'), km: Km }, strict),
  /** the GPS moved `km` within `minutes`; `withoutRide`: while the odometer hardly moved */
  Type.Object(
    {
      type: Type.Literal('distanceMoved'),
      km: Km,
      minutes: Minutes,
      withoutRide: Type.Optional(Type.Boolean()),
    },
    strict,
  ),
  /** no message for `minutes` (evaluated by the sweep) */
  Type.Object({ type: Type.Literal('silentFor'), minutes: Minutes }, strict),
  /** no open task (of these kinds, or any) on the bike */
  Type.Object(
    {
      type: Type.Literal('noOpenTask'),
      kinds: Type.Optional(Type.Array(StringEnum(TASK_KINDS), { minItems: 1, uniqueItems: true })),
    },
    strict,
  ),
  /** the battery removed: the module cannot read it (telemetry batteryPresent false) */
  Type.Object({ type: Type.Literal('batteryRemoved') }, strict),
  /** the battery charging or not (telemetry batteryPlugged) */
  Type.Object({ type: Type.Literal('batteryPlugged'), value: Type.Boolean() }, strict),
  /** the battery rose by `percent` points since the bike parked */
  Type.Object({ type: Type.Literal('batteryRiseWhileParked'), percent: Percent }, strict),
  /** the module on the bike's power (telemetry externalPower, docs/mqtt.md) */
  Type.Object({ type: Type.Literal('externalPower'), value: Type.Boolean() }, strict),
  /** the message is this module event (ALARM_TRIGGERED, FALL_DETECTED…) */
  Type.Object(
    { type: Type.Literal('event'), name: Type.String({ pattern: '^[A-Z][A-Z0-9_]{1,39}$' }) },
    strict,
  ),
  /** within these hours of these days (0 = Sunday), in `timeZone` (IANA; absent: UTC) */
  Type.Object(
    {
      type: Type.Literal('schedule'),
      days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
        minItems: 1,
        maxItems: 7,
        uniqueItems: true,
      }),
      from: HourMinute,
      to: HourMinute,
      timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    },
    strict,
  ),
]);
export type RulePredicate = Static<typeof RulePredicateSchema>;

export const RuleConditionSchema = Type.Object(
  {
    all: Type.Array(RulePredicateSchema, { minItems: 1, maxItems: RULE_PREDICATES_MAX }),
    /** the tests must hold this long without a break */
    forMinutes: Type.Optional(Minutes),
    /** the tests must start to hold `count` times within `minutes` */
    times: Type.Optional(
      Type.Object({ count: Type.Integer({ minimum: 2, maximum: 100 }), minutes: Minutes }, strict),
    ),
  },
  strict,
);
export type RuleCondition = Static<typeof RuleConditionSchema>;

/** The bikes a rule watches: the whole fleet (both empty), or these groups and/or models. */
export const RuleScopeSchema = Type.Object(
  {
    groupIds: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50, uniqueItems: true }),
    models: Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
      maxItems: 50,
      uniqueItems: true,
    }),
  },
  strict,
);
export type RuleScope = Static<typeof RuleScopeSchema>;

export const RuleActionSchema = Type.Union([
  Type.Object({ type: Type.Literal('alert') }, strict),
  Type.Object(
    {
      type: Type.Literal('task'),
      kind: StringEnum(TASK_KINDS),
      priority: Type.Optional(StringEnum(TASK_PRIORITIES)),
    },
    strict,
  ),
  Type.Object(
    {
      type: Type.Literal('command'),
      command: StringEnum(COMMAND_TYPES),
      value: Type.String({ minLength: 1, maxLength: 20 }),
    },
    strict,
  ),
]);
export type RuleAction = Static<typeof RuleActionSchema>;

const ruleFields = {
  name: Type.String({
    minLength: 1,
    maxLength: RULE_NAME_LENGTH_MAX,
    pattern: '^[^\\u0000-\\u001f\\u007f]*$',
  }),
  enabled: Type.Boolean(),
  severity: StringEnum(ALERT_SEVERITIES),
  condition: RuleConditionSchema,
  scope: RuleScopeSchema,
  actions: Type.Array(RuleActionSchema, { minItems: 1, maxItems: 3 }),
  /** an alert stays until cleared by hand (a theft), not when the condition ends */
  latch: Type.Boolean(),
};

export const RuleSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    /** the built-in rule it is, or null (written by an administrator) */
    builtin: Nullable(StringEnum(BUILTIN_RULE_KINDS)),
    /** the kind of its alerts */
    alertKind: StringEnum(RULE_ALERT_KINDS),
    ...ruleFields,
    /** bumped by every change: a PUT names the version it changes (409 when stale) */
    version: Type.Integer({ minimum: 1 }),
    updatedAt: DateTime(),
    updatedBy: Nullable(Type.String()),
  },
  strict,
);
export type Rule = Static<typeof RuleSchema>;

export const RuleListSchema = Type.Object({ content: Type.Array(RuleSchema) }, strict);
export type RuleList = Static<typeof RuleListSchema>;

export const RuleCreateSchema = Type.Object(
  {
    ...ruleFields,
    /** a rule firing for more than half the fleet in its dry run is switched on only with this */
    confirmed: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type RuleCreate = Static<typeof RuleCreateSchema>;

/** A built-in rule keeps its condition's shape: its thresholds, scope, severity and actions change. */
export const RuleUpdateSchema = Type.Object(
  {
    ...ruleFields,
    /** the version it changes (or the If-Match header) */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    confirmed: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type RuleUpdate = Static<typeof RuleUpdateSchema>;

export const RuleParamsSchema = IdParamsSchema;

export const RuleDryRunSchema = Type.Object(
  {
    rule: Type.Object(
      {
        condition: RuleConditionSchema,
        scope: RuleScopeSchema,
        actions: Type.Array(RuleActionSchema, { minItems: 1, maxItems: 3 }),
      },
      strict,
    ),
    days: Type.Integer({ minimum: 1, maximum: RULE_DRY_RUN_DAYS_MAX }),
  },
  strict,
);
export type RuleDryRun = Static<typeof RuleDryRunSchema>;

export const RuleFiringSchema = Type.Object(
  {
    vehicleNumber: Type.String(),
    at: DateTime(),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
  },
  strict,
);
export type RuleFiring = Static<typeof RuleFiringSchema>;

export const RuleDryRunResultSchema = Type.Object(
  {
    from: DateTime(),
    to: DateTime(),
    /** bikes in the rule's scope, and those it fired for */
    bikesInScope: Type.Integer({ minimum: 0 }),
    bikesFired: Type.Integer({ minimum: 0 }),
    /**
     * null: every bike was replayed and `bikesFired` is exact. A number: that many bikes, an even
     * sample of those to replay, were replayed and `bikesFired` is estimated from them (ADR 0139).
     */
    sampledBikes: Nullable(Type.Integer({ minimum: 0 })),
    /** more than half the fleet: switching it on asks for confirmation */
    needsConfirmation: Type.Boolean(),
    /** the first firings, oldest first */
    firings: Type.Array(RuleFiringSchema),
    truncated: Type.Boolean(),
  },
  strict,
);
export type RuleDryRunResult = Static<typeof RuleDryRunResultSchema>;

/** The audit events of the rules (the activity log's `settings`). */
export const RULE_AUDIT_EVENT_NAMES = ['RULE_CREATED', 'RULE_UPDATED', 'RULE_DELETED'] as const;

/** What a rule alert's detail holds: the rule, and the messages that made it fire. */
export const RuleAlertDetailSchema = Type.Object(
  {
    ruleId: Type.String({ format: 'uuid' }),
    ruleName: Type.String(),
    messages: Type.Array(
      Type.Object({ seq: Nullable(Type.Number()), at: DateTime(), kind: Type.String() }, strict),
    ),
  },
  strict,
);
export type RuleAlertDetail = Static<typeof RuleAlertDetailSchema>;
