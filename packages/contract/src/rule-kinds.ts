// The kinds of the rules' alerts (ADR 0126, docs/rules.md), apart so that alerts.ts and rules.ts
// both import them without a cycle.

/** The built-in rules, each the kind of its alerts (docs/rules.md "Built-in rules"). */
export const BUILTIN_RULE_KINDS = [
  /** moving while OUT, TRANSIT or assistance-locked, with no open task on the bike */
  'UNACCOMPANIED_MOTION',
  /** kilometres in minutes with no ride: the GPS moved, the odometer did not (a van) */
  'VAN_HOP',
  /** the battery's reading lost (unplugged) with no battery swap task */
  'BATTERY_REMOVED',
  /** the battery rising by 10 % or more while parked with no battery swap task */
  'BATTERY_RISING_PARKED',
  /** the module runs on its backup cell: cut from the bike's power (telemetry externalPower) */
  'MODULE_POWER_CUT',
  /** more than N km beyond the service area */
  'FAR_OUTSIDE_SERVICE_AREA',
] as const;
export type BuiltinRuleKind = (typeof BUILTIN_RULE_KINDS)[number];
/** The alert kind of every rule an administrator writes (the alert names its rule). */
export const CUSTOM_RULE_ALERT_KIND = 'RULE';
export const RULE_ALERT_KINDS = [...BUILTIN_RULE_KINDS, CUSTOM_RULE_ALERT_KIND] as const;

export type RuleAlertKind = (typeof RULE_ALERT_KINDS)[number];
