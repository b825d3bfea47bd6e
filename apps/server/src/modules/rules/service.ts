// A fleet's rules (ADR 0126, docs/rules.md): listed (built-ins first, created on first need), read,
// written by its administrators — checked beyond the schema, versioned (a stale version is a
// 409), audited, all or nothing — and dry-run over stored telemetry.
import {
  RULES_PER_FLEET_MAX,
  type Rule,
  type RuleCreate,
  type RuleDryRun,
  type RuleDryRunResult,
  type RuleList,
  type RuleUpdate,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { recordFleetAction } from '../events/fleet-actions';
import { builtinRules } from './builtins';
import { dryRunRule } from './dry-run';
import { groupsOfFleet, zonesOfFleet } from './queries/dry-run';
import {
  countRules,
  deleteRule,
  fleetsWithBuiltins,
  forgetStates,
  insertBuiltins,
  insertRule,
  selectRule,
  selectRules,
  toRule,
  updateRule,
  type RuleValues,
} from './queries/rules';
import { actionProblems, builtinProblems, conditionProblems } from './validate';

const NOT_FOUND = 'This rule does not exist in your fleet.';
/** The dry run that decides whether switching a rule on asks for confirmation. */
const CONFIRM_DAYS = 1;

/** Every fleet has the built-in rules: inserted the first time they are needed. */
export async function ensureBuiltins(db: Queryable, fleetIds: string[]): Promise<void> {
  const have = new Set(await fleetsWithBuiltins(db, fleetIds));
  const missing = fleetIds.filter((id) => !have.has(id));
  if (missing.length) await insertBuiltins(db, missing, builtinRules());
}

export async function listRules(scope: RequestScope): Promise<RuleList> {
  await ensureBuiltins(scope.database, [scope.fleetId]);
  return { content: (await selectRules(scope.database, scope.fleetId)).map(toRule) };
}

export async function getRule(scope: RequestScope, id: string): Promise<Rule> {
  const row = await selectRule(scope.database, scope.fleetId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toRule(row);
}

/** Everything wrong with a rule, at once (400 naming each field). */
async function check(scope: RequestScope, values: RuleValues, builtin: Rule['builtin']) {
  const problems = [
    ...conditionProblems(values.condition),
    ...actionProblems(values.actions, values.condition),
    ...(builtin ? builtinProblems(builtin, values.condition) : []),
  ];
  const groups = new Set(await groupsOfFleet(scope.database, scope.fleetId));
  values.scope.groupIds.forEach((id, index) => {
    if (!groups.has(id))
      problems.push({ field: `scope.groupIds.${index}`, message: 'not a group of your fleet' });
  });
  const zoneIds = values.condition.all.flatMap((p) => (p.type === 'inZone' ? [p.zoneId] : []));
  const zones = new Set(await zonesOfFleet(scope.database, scope.fleetId, zoneIds));
  values.condition.all.forEach((p, index) => {
    if (p.type === 'inZone' && !zones.has(p.zoneId))
      problems.push({
        field: `condition.all.${index}.zoneId`,
        message: 'not a zone of your fleet',
      });
  });
  if (problems.length)
    throw badRequest(
      `The rule is not valid: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}.`,
      problems,
    );
}

/** Switching a rule on that would fire for more than half the fleet asks to be confirmed. */
async function confirmSwitchOn(scope: RequestScope, values: RuleValues, confirmed?: boolean) {
  if (!values.enabled || confirmed) return;
  const result = await dryRunRule(scope.database, scope.fleetId, values, CONFIRM_DAYS, scope.now);
  if (result.needsConfirmation)
    throw conflict(
      `Over the last day this rule would have fired for ${result.sampledBikes === null ? '' : 'about '}${result.bikesFired} of ${result.bikesInScope} bikes: send confirmed: true to switch it on.`,
      'RULE_NEEDS_CONFIRMATION',
    );
}

const valuesOf = ({ confirmed: _c, ...body }: RuleCreate | RuleUpdate): RuleValues => {
  const { version: _v, ...values } = body as RuleUpdate;
  return values;
};

export async function createRule(scope: RequestScope, body: RuleCreate): Promise<Rule> {
  const values = valuesOf(body);
  await check(scope, values, null);
  await confirmSwitchOn(scope, values, body.confirmed);
  return scope.database.transaction(async (tx) => {
    if ((await countRules(tx, scope.fleetId)) >= RULES_PER_FLEET_MAX)
      throw conflict(`A fleet has at most ${RULES_PER_FLEET_MAX} rules.`, 'TOO_MANY_RULES');
    const row = await insertRule(tx, scope.fleetId, values, scope.principal.email, scope.now);
    await recordFleetAction(tx, scope, 'RULE_CREATED', { id: row.id, name: row.name, version: 1 });
    return toRule(row);
  });
}

/** The version a PUT changes: its body's, or the If-Match header's ("3", W/"3", 3). */
function versionOf(body: RuleUpdate, ifMatch: string | undefined): number {
  if (body.version !== undefined) return body.version;
  const match = ifMatch?.match(/^(?:W\/)?"?(\d{1,9})"?$/);
  if (match) return Number(match[1]);
  throw badRequest('Name the version you change: the If-Match header or a version field.', [
    { field: 'version', message: 'required (or If-Match)' },
  ]);
}

export async function replaceRule(
  scope: RequestScope,
  id: string,
  body: RuleUpdate,
  ifMatch: string | undefined,
): Promise<Rule> {
  const version = versionOf(body, ifMatch);
  const values = valuesOf(body);
  const current = await selectRule(scope.database, scope.fleetId, id);
  if (!current) throw notFound(NOT_FOUND);
  await check(scope, values, current.builtin);
  const switchedOn = values.enabled && !current.enabled;
  const changed =
    JSON.stringify([current.condition, current.scope]) !==
    JSON.stringify([values.condition, values.scope]);
  if (switchedOn || (values.enabled && changed))
    await confirmSwitchOn(scope, values, body.confirmed);
  return scope.database.transaction(async (tx) => {
    const row = await updateRule(
      tx,
      scope.fleetId,
      id,
      version,
      values,
      scope.principal.email,
      scope.now,
    );
    if (!row) {
      const now = await selectRule(tx, scope.fleetId, id);
      if (!now) throw notFound(NOT_FOUND);
      throw conflict(
        `This rule changed meanwhile: it is at version ${now.version}, not ${version}. Read it again.`,
        'STALE_VERSION',
      );
    }
    if (changed || !values.enabled) await forgetStates(tx, id);
    await recordFleetAction(tx, scope, 'RULE_UPDATED', {
      id,
      name: row.name,
      version: row.version,
      enabled: row.enabled,
    });
    return toRule(row);
  });
}

export async function removeRule(scope: RequestScope, id: string): Promise<void> {
  await scope.database.transaction(async (tx) => {
    const current = await selectRule(tx, scope.fleetId, id, true);
    if (!current) throw notFound(NOT_FOUND);
    if (current.builtin)
      throw conflict('A built-in rule is not deleted: switch it off.', 'BUILTIN_RULE');
    await deleteRule(tx, scope.fleetId, id);
    await recordFleetAction(tx, scope, 'RULE_DELETED', { id, name: current.name });
  });
}

export async function dryRun(scope: RequestScope, body: RuleDryRun): Promise<RuleDryRunResult> {
  const values: RuleValues = {
    name: 'dry run',
    enabled: true,
    severity: 'MAJOR',
    latch: false,
    ...body.rule,
  };
  await check(scope, values, null);
  return dryRunRule(scope.database, scope.fleetId, values, body.days, scope.now);
}
