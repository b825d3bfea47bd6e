// The built-in theft and tamper rules (ADR 0126, docs/rules.md "Built-in rules"): in every fleet,
// on by default, each the kind of its alerts. An administrator changes their thresholds, scope,
// severity, actions, or switches them off; the shape of their condition stays.
import type { BuiltinRuleKind, RuleAction, RuleCondition, RulePredicate } from '@vfm/contract';
import { ALERT_SEVERITY, type AlertSeverity } from '@vfm/contract';

export interface BuiltinRule {
  builtin: BuiltinRuleKind;
  name: string;
  severity: AlertSeverity;
  condition: RuleCondition;
  actions: RuleAction[];
  latch: boolean;
}

const ALERT: RuleAction[] = [{ type: 'alert' }];
const NO_SWAP: RulePredicate = { type: 'noOpenTask', kinds: ['BATTERY_SWAP'] };

export const BUILTIN_RULES: Record<BuiltinRuleKind, Omit<BuiltinRule, 'builtin' | 'severity'>> = {
  // moving while out of service, in transit or assistance-locked, and nobody has a task on it
  UNACCOMPANIED_MOTION: {
    name: 'Moving while out of service or locked',
    condition: {
      all: [
        { type: 'threshold', field: 'speedKmh', op: 'ge', value: 4 },
        { type: 'availability', in: ['OUT', 'TRANSIT'], orAssistanceLocked: true },
        { type: 'noOpenTask' },
      ],
    },
    actions: ALERT,
    latch: true,
  },
  // kilometres in minutes that no rider makes: the GPS moved, the wheel's odometer did not
  VAN_HOP: {
    name: 'Moved by a vehicle',
    condition: { all: [{ type: 'distanceMoved', km: 2, minutes: 10, withoutRide: true }] },
    actions: ALERT,
    latch: true,
  },
  BATTERY_REMOVED: {
    name: 'Battery removed',
    condition: {
      all: [{ type: 'batteryRemoved' }, NO_SWAP],
    },
    actions: ALERT,
    latch: true,
  },
  BATTERY_RISING_PARKED: {
    name: 'Battery rising while parked',
    // charging (batteryPlugged) is the one honest way up
    condition: {
      all: [
        { type: 'batteryRiseWhileParked', percent: 10 },
        { type: 'batteryPlugged', value: false },
        NO_SWAP,
      ],
    },
    actions: ALERT,
    latch: true,
  },
  MODULE_POWER_CUT: {
    name: 'Module cut from the bike',
    condition: { all: [{ type: 'externalPower', value: false }] },
    actions: ALERT,
    latch: true,
  },
  FAR_OUTSIDE_SERVICE_AREA: {
    name: 'Far outside the service area',
    condition: { all: [{ type: 'outsideServiceAreaBy', km: 2 }] },
    actions: ALERT,
    latch: false,
  },
};

export const builtinRules = (): BuiltinRule[] =>
  (
    Object.entries(BUILTIN_RULES) as Array<
      [BuiltinRuleKind, (typeof BUILTIN_RULES)[BuiltinRuleKind]]
    >
  ).map(([builtin, rule]) => ({ builtin, severity: ALERT_SEVERITY[builtin], ...rule }));
