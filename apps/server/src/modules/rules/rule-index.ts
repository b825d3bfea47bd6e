// A fleet's enabled rules compiled once (ADR 0135): their scopes as sets, and the rules grouped
// by a gate — one of their tests, the most selective — so that a bike's observations are tested
// once per distinct test, not once per rule. A (rule, bike) pair with nothing remembered can only
// begin to remember (or fire) at an observation where every one of its tests holds; a test that
// an observation cannot tell keeps its last truth, which for such a pair starts at false. So a
// group whose gate never holds over the bike's observations is skipped whole, a rule whose tests
// never hold together is skipped, and only the rest — with the pairs that remember something —
// goes through the one evaluation (evaluate.ts), exactly as before.
import type { RulePredicate } from '@vfm/contract';
import { testPredicate, type Observation } from './evaluate';
import type { LiveRule } from './queries/rules';
import { trailNeeds, type TrailNeeds } from './trail';

export interface CompiledRule {
  rule: LiveRule;
  groups: ReadonlySet<string> | null;
  models: ReadonlySet<string> | null;
  /** the keys of its tests, gate first */
  tests: number[];
}

export interface FleetIndex {
  byId: ReadonlyMap<string, CompiledRule>;
  /** the distinct tests of the fleet's rules */
  predicates: RulePredicate[];
  /** the rules by the key of their gate */
  gates: Array<{ test: number; rules: CompiledRule[] }>;
  /** rules without a test (they always hold) */
  always: CompiledRule[];
  needs: TrailNeeds;
}

/** Cheap and rarely true first: the gate is the test that most often fails. */
const RANK: Record<RulePredicate['type'], number> = {
  silentFor: 0,
  event: 1,
  batteryRemoved: 2,
  externalPower: 3,
  threshold: 4,
  outsideServiceAreaBy: 5,
  distanceMoved: 6,
  batteryRiseWhileParked: 7,
  zone: 8,
  inZone: 8,
  availability: 9,
  assistanceLocked: 10,
  batteryPlugged: 11,
  schedule: 12,
  moving: 13,
  noOpenTask: 14,
};

export function compileRules(rules: readonly LiveRule[]): FleetIndex {
  const keys = new Map<string, number>();
  const predicates: RulePredicate[] = [];
  const keyOf = (p: RulePredicate) => {
    const key = JSON.stringify(p);
    let index = keys.get(key);
    if (index === undefined) {
      index = predicates.push(p) - 1;
      keys.set(key, index);
    }
    return index;
  };
  const byId = new Map<string, CompiledRule>();
  const gates = new Map<number, CompiledRule[]>();
  const always: CompiledRule[] = [];
  for (const rule of rules) {
    const tests = [...rule.condition.all]
      .sort((a, b) => RANK[a.type] - RANK[b.type])
      .map((p) => keyOf(p));
    const compiled: CompiledRule = {
      rule,
      groups: rule.scope.groupIds.length ? new Set(rule.scope.groupIds) : null,
      models: rule.scope.models.length ? new Set(rule.scope.models) : null,
      tests,
    };
    byId.set(rule.id, compiled);
    if (!tests.length) {
      always.push(compiled);
      continue;
    }
    const list = gates.get(tests[0]!);
    if (list) list.push(compiled);
    else gates.set(tests[0]!, [compiled]);
  }
  return {
    byId,
    predicates,
    gates: [...gates].map(([test, list]) => ({ test, rules: list })),
    always,
    needs: trailNeeds(rules.map((rule) => rule.condition)),
  };
}

export const inCompiledScope = (
  rule: CompiledRule,
  bike: { groupId: string | null; model: string },
) =>
  (!rule.groups || (bike.groupId !== null && rule.groups.has(bike.groupId))) &&
  (!rule.models || rule.models.has(bike.model));

/**
 * The tests of one bike's observations, each computed once: for each test, its truth at each
 * observation as a pair with nothing remembered sees it (a test that cannot tell keeps the last
 * truth, false at first), or null when it never holds.
 */
export class BikeTests {
  private readonly truths = new Map<number, Uint8Array | null>();

  constructor(
    private readonly index: FleetIndex,
    private readonly observations: readonly Observation[],
  ) {}

  truth(test: number): Uint8Array | null {
    let truth = this.truths.get(test);
    if (truth !== undefined) return truth;
    const p = this.index.predicates[test]!;
    const values = new Uint8Array(this.observations.length);
    let last = 0;
    let any = false;
    this.observations.forEach((obs, i) => {
      const known = testPredicate(p, obs);
      if (known !== undefined) last = known ? 1 : 0;
      values[i] = last;
      if (last) any = true;
    });
    truth = any ? values : null;
    this.truths.set(test, truth);
    return truth;
  }

  /** Whether all these tests hold together at one of the observations. */
  holdTogether(tests: readonly number[]): boolean {
    const truths: Uint8Array[] = [];
    for (const test of tests) {
      const truth = this.truth(test);
      if (!truth) return false;
      truths.push(truth);
    }
    for (let i = 0; i < this.observations.length; i += 1)
      if (truths.every((truth) => truth[i] === 1)) return true;
    return false;
  }
}

/**
 * The rules to run over one bike's observations: every rule in scope that remembers something
 * of the bike, and those whose tests hold together at one of the observations.
 */
export function rulesToRun(
  index: FleetIndex,
  bike: { groupId: string | null; model: string },
  observations: readonly Observation[],
  remembering: Iterable<string>,
): CompiledRule[] {
  const chosen = new Map<string, CompiledRule>();
  for (const id of remembering) {
    const rule = index.byId.get(id);
    if (rule && inCompiledScope(rule, bike)) chosen.set(id, rule);
  }
  if (!observations.length) return [...chosen.values()];
  for (const rule of index.always) if (inCompiledScope(rule, bike)) chosen.set(rule.rule.id, rule);
  const tests = new BikeTests(index, observations);
  for (const gate of index.gates) {
    if (!tests.truth(gate.test)) continue;
    for (const rule of gate.rules)
      if (
        !chosen.has(rule.rule.id) &&
        inCompiledScope(rule, bike) &&
        tests.holdTogether(rule.tests)
      )
        chosen.set(rule.rule.id, rule);
  }
  return [...chosen.values()];
}
