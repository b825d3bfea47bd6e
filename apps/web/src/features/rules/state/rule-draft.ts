// A rule being written on the Rules screen (docs/rules.md): its draft, the fields each test
// has, and the live checks of the form — the server checks again (400 naming the problem).
import {
  AVAILABILITIES,
  IOT_MODES,
  isTimeZone,
  SPEED_LIMIT_MAX_KMH,
  type CommandType,
  RULE_NUMERIC_FIELDS,
  RULE_OPERATORS,
  RULE_ZONE_PLACES,
  TASK_KINDS,
  type Rule,
  type RuleCreate,
  type RulePredicate,
} from '@vfm/contract';

export type PredicateType = RulePredicate['type'];

/** The fields of each test, in the form's order, and their kind of input. */
export type FieldSpec =
  | { name: string; input: 'number'; min?: number; max?: number }
  | { name: string; input: 'bool' }
  | { name: string; input: 'text' }
  | { name: string; input: 'select'; options: readonly string[] }
  | { name: string; input: 'multi'; options: readonly string[] }
  /** one of the fleet's zones */
  | { name: string; input: 'zone' }
  /** an IANA time zone, typed or chosen from the browser's list */
  | { name: string; input: 'timeZone' };

const bool = (name: string): FieldSpec => ({ name, input: 'bool' });
const num = (name: string, min?: number, max?: number): FieldSpec => ({
  name,
  input: 'number',
  ...(min !== undefined ? { min } : {}),
  ...(max !== undefined ? { max } : {}),
});

export const PREDICATE_FIELDS: Record<PredicateType, FieldSpec[]> = {
  threshold: [
    { name: 'field', input: 'select', options: RULE_NUMERIC_FIELDS },
    { name: 'op', input: 'select', options: RULE_OPERATORS },
    num('value'),
  ],
  availability: [
    { name: 'in', input: 'multi', options: AVAILABILITIES },
    bool('orAssistanceLocked'),
  ],
  assistanceLocked: [bool('value')],
  moving: [bool('value')],
  zone: [{ name: 'place', input: 'select', options: RULE_ZONE_PLACES }, bool('value')],
  inZone: [{ name: 'zoneId', input: 'zone' }, bool('value')],
  outsideServiceAreaBy: [num('km', 0.1, 1000)],
  distanceMoved: [num('km', 0.1, 1000), num('minutes', 1, 10080), bool('withoutRide')],
  silentFor: [num('minutes', 1, 10080)],
  noOpenTask: [{ name: 'kinds', input: 'multi', options: TASK_KINDS }],
  batteryRemoved: [],
  batteryPlugged: [bool('value')],
  batteryRiseWhileParked: [num('percent', 1, 100)],
  externalPower: [bool('value')],
  event: [{ name: 'name', input: 'text' }],
  schedule: [
    { name: 'days', input: 'multi', options: ['0', '1', '2', '3', '4', '5', '6'] },
    { name: 'from', input: 'text' },
    { name: 'to', input: 'text' },
    { name: 'timeZone', input: 'timeZone' },
  ],
};
export const PREDICATE_TYPES = Object.keys(PREDICATE_FIELDS) as PredicateType[];

/** An IANA time zone this browser knows: the contract's check, the server's too (docs/rules.md). */
export { isTimeZone };

let timeZones: readonly string[] | null = null;

/** The time zones to offer in the form (the browser's list, ≈ 400 names, read once; UTC first). */
export const timeZoneChoices = (): readonly string[] =>
  (timeZones ??= [
    'UTC',
    ...(Intl.supportedValuesOf?.('timeZone') ?? []).filter((zone) => zone !== 'UTC'),
  ]);

export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A command action's values, by command (the server checks them: docs/rules.md). */
export const COMMAND_VALUES: Record<CommandType, readonly string[] | null> = {
  LOCK_CONTROL: ['true', 'false'],
  ALARM: ['true', 'false'],
  MODE: IOT_MODES,
  /** a speed in km/h: a number */
  SPEED_LIMIT: null,
};

/** A fresh test of this type, with values that hold together. */
export function newPredicate(type: PredicateType): RulePredicate {
  const defaults: Record<PredicateType, Record<string, unknown>> = {
    threshold: { field: 'bikeBattery', op: 'le', value: 20 },
    availability: { in: ['OUT'] },
    assistanceLocked: { value: true },
    moving: { value: true },
    zone: { place: 'OUTSIDE_SERVICE_AREA', value: true },
    inZone: { zoneId: '', value: true },
    outsideServiceAreaBy: { km: 2 },
    distanceMoved: { km: 2, minutes: 10, withoutRide: true },
    silentFor: { minutes: 60 },
    noOpenTask: {},
    batteryRemoved: {},
    batteryPlugged: { value: false },
    batteryRiseWhileParked: { percent: 10 },
    externalPower: { value: false },
    event: { name: 'ALARM_TRIGGERED' },
    // in the user's own time zone (the server takes any IANA name; absent: UTC)
    schedule: { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00', timeZone: localTimeZone() },
  };
  return { type, ...defaults[type] } as RulePredicate;
}

export type RuleDraft = Omit<RuleCreate, 'confirmed'> & {
  id: string | null;
  version: number | null;
  builtin: Rule['builtin'];
};

export const emptyDraft = (): RuleDraft => ({
  id: null,
  version: null,
  builtin: null,
  name: '',
  enabled: true,
  severity: 'MAJOR',
  condition: { all: [newPredicate('threshold')] },
  scope: { groupIds: [], models: [] },
  actions: [{ type: 'alert' }],
  latch: false,
});

export const draftOf = (rule: Rule): RuleDraft => ({
  id: rule.id,
  version: rule.version,
  builtin: rule.builtin,
  name: rule.name,
  enabled: rule.enabled,
  severity: rule.severity,
  condition: rule.condition,
  scope: rule.scope,
  actions: rule.actions,
  latch: rule.latch,
});

/** What the server would refuse, said as the user types: [field, message key]. */
export type DraftProblem = {
  field: string;
  key:
    | 'nameRequired'
    | 'numberInvalid'
    | 'timeInvalid'
    | 'timeZoneInvalid'
    | 'listEmpty'
    | 'taskKindRequired'
    | 'zoneRequired'
    | 'commandValueInvalid';
};

const LEVELS = new Set(['bikeBattery', 'iotBattery', 'batterySoh']);

export function draftProblems(draft: RuleDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.name.trim()) problems.push({ field: 'name', key: 'nameRequired' });
  draft.condition.all.forEach((p, index) => {
    const field = `condition.all.${index}`;
    for (const spec of PREDICATE_FIELDS[p.type]) {
      const value = (p as Record<string, unknown>)[spec.name];
      if (spec.input === 'number') {
        const n = Number(value);
        const max =
          p.type === 'threshold' && LEVELS.has(p.field) ? 100 : (spec.max ?? Number.MAX_VALUE);
        if (
          typeof value !== 'number' ||
          !Number.isFinite(n) ||
          n < (spec.min ?? -Infinity) ||
          n > max
        )
          problems.push({ field: `${field}.${spec.name}`, key: 'numberInvalid' });
      }
      if (p.type === 'schedule' && (spec.name === 'from' || spec.name === 'to')) {
        if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(String(value)))
          problems.push({ field: `${field}.${spec.name}`, key: 'timeInvalid' });
      }
      if (spec.input === 'timeZone' && value && !isTimeZone(String(value)))
        problems.push({ field: `${field}.${spec.name}`, key: 'timeZoneInvalid' });
      if (spec.input === 'zone' && !value)
        problems.push({ field: `${field}.${spec.name}`, key: 'zoneRequired' });
      if (
        spec.input === 'multi' &&
        p.type !== 'noOpenTask' &&
        !(value as unknown[] | undefined)?.length
      )
        problems.push({ field: `${field}.${spec.name}`, key: 'listEmpty' });
    }
  });
  if (draft.condition.forMinutes !== undefined && !(draft.condition.forMinutes >= 1))
    problems.push({ field: 'condition.forMinutes', key: 'numberInvalid' });
  if (!draft.actions.length) problems.push({ field: 'actions', key: 'listEmpty' });
  draft.actions.forEach((action, index) => {
    if (action.type !== 'command') return;
    const values = COMMAND_VALUES[action.command];
    const valid = values
      ? values.includes(action.value)
      : /^\d+$/.test(action.value) && Number(action.value) <= SPEED_LIMIT_MAX_KMH;
    if (!valid) problems.push({ field: `actions.${index}.value`, key: 'commandValueInvalid' });
  });
  return problems;
}

/** The body the server takes (a PUT names the version it changes). */
export function bodyOf(draft: RuleDraft, confirmed = false) {
  const { id: _id, version, builtin: _builtin, ...values } = draft;
  return {
    ...values,
    ...(version !== null ? { version } : {}),
    ...(confirmed ? { confirmed: true } : {}),
  };
}

export const isTaskKind = (value: string) => (TASK_KINDS as readonly string[]).includes(value);
