// What the schema cannot say about a rule (ADR 0126): impossible thresholds, tests that
// contradict each other, a command that would cause its own condition again, a built-in whose
// condition changed shape. Each problem names its field; the route answers 400 with all of them.
import {
  IOT_MODES,
  isTimeZone,
  SPEED_LIMIT_MAX_KMH,
  type RuleAction,
  type RuleCondition,
  type RulePredicate,
} from '@vfm/contract';
import { BUILTIN_RULES } from './builtins';
import type { BuiltinRuleKind } from '@vfm/contract';

export interface FieldProblem {
  field: string;
  message: string;
}

/** The range each numeric field can take. */
const RANGES: Record<string, [number, number]> = {
  bikeBattery: [0, 100],
  iotBattery: [0, 100],
  batterySoh: [0, 100],
  speedKmh: [0, 250],
  odometerKm: [0, 10_000_000],
  batteryCycles: [0, 1_000_000],
};

function impossibleThreshold(p: Extract<RulePredicate, { type: 'threshold' }>): string | null {
  const [min, max] = RANGES[p.field]!;
  const never =
    (p.op === 'lt' && p.value <= min) ||
    (p.op === 'le' && p.value < min) ||
    (p.op === 'gt' && p.value >= max) ||
    (p.op === 'ge' && p.value > max);
  const always =
    (p.op === 'lt' && p.value > max) ||
    (p.op === 'le' && p.value >= max) ||
    (p.op === 'gt' && p.value < min) ||
    (p.op === 'ge' && p.value <= min);
  if (never) return `${p.field} ${p.op} ${p.value} can never hold (${p.field} is ${min}–${max})`;
  if (always) return `${p.field} ${p.op} ${p.value} always holds (${p.field} is ${min}–${max})`;
  return null;
}

export function conditionProblems(condition: RuleCondition): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Map<string, RulePredicate>();
  condition.all.forEach((p, index) => {
    const field = `condition.all.${index}`;
    if (p.type === 'threshold') {
      const problem = impossibleThreshold(p);
      if (problem) problems.push({ field, message: problem });
    }
    if (p.type === 'schedule' && p.from === p.to)
      problems.push({ field, message: 'a schedule from and to the same time is empty' });
    if (p.type === 'schedule' && p.timeZone && !isTimeZone(p.timeZone))
      problems.push({ field: `${field}.timeZone`, message: 'not a time zone (IANA)' });
    const key =
      p.type === 'threshold'
        ? null
        : p.type === 'zone'
          ? `zone:${p.place}`
          : p.type === 'inZone'
            ? `inZone:${p.zoneId}`
            : ['assistanceLocked', 'moving', 'batteryPlugged', 'externalPower'].includes(p.type)
              ? p.type
              : null;
    if (key) {
      const other = seen.get(key);
      if (other && 'value' in other && 'value' in p && other.value !== p.value)
        problems.push({
          field,
          message: `contradicts test ${condition.all.indexOf(other)}: never holds`,
        });
      seen.set(key, p);
    }
  });
  const hasEvent = condition.all.some((p) => p.type === 'event');
  if (hasEvent && condition.forMinutes)
    problems.push({
      field: 'condition.forMinutes',
      message: 'a module event holds for its own message only: it never lasts minutes',
    });
  if (hasEvent && condition.all.some((p) => p.type === 'silentFor'))
    problems.push({
      field: 'condition.all',
      message: 'a module event and silence never hold together',
    });
  return problems;
}

/** A command whose effect makes the condition hold again (it would fire on its own action). */
function retriggers(action: Extract<RuleAction, { type: 'command' }>, condition: RuleCondition) {
  return condition.all.some((p) => {
    if (action.command === 'LOCK_CONTROL')
      return p.type === 'assistanceLocked' && String(p.value) === action.value;
    if (action.command === 'ALARM')
      return p.type === 'event' && p.name === (action.value === 'true' ? 'ALARM_ON' : 'ALARM_OFF');
    if (action.command === 'SPEED_LIMIT')
      return (
        p.type === 'threshold' &&
        p.field === 'speedKmh' &&
        (p.op === 'lt' || p.op === 'le') &&
        Number(action.value) <= p.value
      );
    return false;
  });
}

export function actionProblems(actions: RuleAction[], condition: RuleCondition): FieldProblem[] {
  const problems: FieldProblem[] = [];
  actions.forEach((action, index) => {
    const field = `actions.${index}`;
    if (actions.findIndex((a) => a.type === action.type) !== index)
      problems.push({ field, message: `one ${action.type} action per rule` });
    if (action.type !== 'command') return;
    const { command, value } = action;
    const valid =
      command === 'LOCK_CONTROL' || command === 'ALARM'
        ? value === 'true' || value === 'false'
        : command === 'MODE'
          ? (IOT_MODES as readonly string[]).includes(value)
          : /^\d+$/.test(value) && Number(value) <= SPEED_LIMIT_MAX_KMH;
    if (!valid) problems.push({ field: `${field}.value`, message: `not a value of ${command}` });
    else if (retriggers(action, condition))
      problems.push({
        field,
        message: `${command} ${value} would make the condition hold again: the rule would retrigger itself`,
      });
  });
  return problems;
}

/** A built-in keeps the tests it has, in their order: only their values change. */
export function builtinProblems(
  builtin: BuiltinRuleKind,
  condition: RuleCondition,
): FieldProblem[] {
  const expected = BUILTIN_RULES[builtin].condition.all.map((p) => p.type);
  const actual = condition.all.map((p) => p.type);
  return expected.join() === actual.join()
    ? []
    : [
        {
          field: 'condition.all',
          message: `a built-in rule keeps its tests: ${expected.join(', ')}`,
        },
      ];
}
