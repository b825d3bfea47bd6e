// Alert rules (ADR 0086): every user of a fleet keeps their own; an administrator
// also sets fleet-wide ones, which reach every manager of the fleet. A rule names bikes and
// groups of its own fleet only — another fleet's is as absent as an unknown one (404 naming
// it). Every change is an audited event; a change made on a stale read is a 409.
import {
  RULES_PER_OWNER_MAX,
  isTimeZone,
  type NotificationRule,
  type NotificationRuleCreate,
  type NotificationRuleList,
  type NotificationRuleUpdate,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, type FieldError } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { findFleetBikes } from '../bikes/bike-lookup';
import { recordFleetAction } from '../events/fleet-actions';
import {
  accountHasPhone,
  countRules,
  deleteRule as deleteRuleRow,
  fleetGroupIds,
  insertRule,
  selectRule,
  selectRules,
  updateRule as updateRuleRow,
  type RuleValues,
} from './queries';
import { addEmailChannel, setUnsubscribed } from './queries/unsubscribe';

const NOT_FOUND = 'This notification rule does not exist for you.';

type RuleInput = Omit<NotificationRuleCreate, 'fleetWide'>;

export async function listRules(scope: RequestScope): Promise<NotificationRuleList> {
  return { content: await selectRules(scope.database, scope.fleetId, scope.principal.accountId) };
}

export async function getRule(scope: RequestScope, id: string): Promise<NotificationRule> {
  const found = await selectRule(scope.database, scope.fleetId, scope.principal.accountId, id);
  if (!found) throw notFound(NOT_FOUND, undefined, 'RULE_NOT_FOUND');
  return found.rule;
}

export async function createRule(
  scope: RequestScope,
  input: NotificationRuleCreate,
): Promise<NotificationRule> {
  const fleetWide = input.fleetWide ?? false;
  if (fleetWide && !scope.principal.isAdmin)
    throw forbidden('Only an administrator sets fleet-wide rules.', 'RULE_ADMIN_ONLY');
  const owner = fleetWide ? null : scope.principal.accountId;
  return scope.database.transaction(async (tx) => {
    const values = await ruleValues(tx, scope, input, fleetWide);
    if ((await countRules(tx, scope.fleetId, owner)) >= RULES_PER_OWNER_MAX)
      throw conflict(`At most ${RULES_PER_OWNER_MAX} rules each.`, 'TOO_MANY_RULES');
    const id = await insertRule(tx, scope.fleetId, owner, values, scope.principal.email);
    const rule = await reread(tx, scope, id);
    await audit(tx, scope, 'NOTIFICATION_RULE_CREATED', rule);
    return rule;
  });
}

export async function updateRule(
  scope: RequestScope,
  id: string,
  input: NotificationRuleUpdate,
): Promise<NotificationRule> {
  const { version, ...fields } = input;
  return scope.database.transaction(async (tx) => {
    const current = await editable(tx, scope, id);
    if (current.version !== version) throw stale(current);
    await updateRuleRow(
      tx,
      id,
      await ruleValues(tx, scope, fields, current.fleetWide),
      scope.principal.email,
    );
    // their own rule given its EMAIL channel back: subscribed again
    if (!current.fleetWide && fields.channels.includes('EMAIL'))
      await setUnsubscribed(tx, id, scope.principal.accountId, false);
    const rule = await reread(tx, scope, id);
    await audit(tx, scope, 'NOTIFICATION_RULE_UPDATED', rule);
    return rule;
  });
}

export async function deleteRule(scope: RequestScope, id: string): Promise<void> {
  await scope.database.transaction(async (tx) => {
    const current = await editable(tx, scope, id);
    await deleteRuleRow(tx, id);
    await audit(tx, scope, 'NOTIFICATION_RULE_DELETED', current);
  });
}

/**
 * The caller's e-mails of a rule again, after a one-click unsubscribe: their own rule gets its
 * EMAIL channel back, a fleet-wide one e-mails them again. Again: no change, no event.
 */
export async function resubscribeRule(scope: RequestScope, id: string): Promise<NotificationRule> {
  return scope.database.transaction(async (tx) => {
    const found = await selectRule(tx, scope.fleetId, scope.principal.accountId, id, true);
    if (!found) throw notFound(NOT_FOUND, undefined, 'RULE_NOT_FOUND');
    if (!found.rule.emailUnsubscribed) return found.rule;
    if (found.ownerId !== null) await addEmailChannel(tx, id, scope.principal.email);
    await setUnsubscribed(tx, id, scope.principal.accountId, false);
    const rule = await reread(tx, scope, id);
    await audit(tx, scope, 'NOTIFICATION_RULE_RESUBSCRIBED', rule);
    return rule;
  });
}

/** The rule, locked, if the caller may change it: their own, or any fleet-wide (admin). */
async function editable(tx: Queryable, scope: RequestScope, id: string) {
  const found = await selectRule(tx, scope.fleetId, scope.principal.accountId, id, true);
  if (!found) throw notFound(NOT_FOUND, undefined, 'RULE_NOT_FOUND');
  if (found.ownerId === null && !scope.principal.isAdmin)
    throw forbidden('Only an administrator changes fleet-wide rules.', 'RULE_ADMIN_ONLY');
  return found.rule;
}

async function reread(tx: Queryable, scope: RequestScope, id: string) {
  const found = await selectRule(tx, scope.fleetId, scope.principal.accountId, id);
  if (!found) throw notFound(NOT_FOUND, undefined, 'RULE_NOT_FOUND');
  return found.rule;
}

/** The row values of a valid rule: its bikes and groups found in the caller's fleet. */
async function ruleValues(
  tx: Queryable,
  scope: RequestScope,
  input: RuleInput,
  fleetWide: boolean,
) {
  const errors = ruleInputErrors(input);
  if (errors.length) throw badRequest('This rule is not valid.', errors);
  // one's own SMS rule needs one's number (ADR 0124); a fleet-wide one texts the managers who
  // gave theirs
  if (
    !fleetWide &&
    input.channels.includes('SMS') &&
    !(await accountHasPhone(tx, scope.principal.accountId))
  )
    throw badRequest(
      'An SMS rule needs a phone number: add yours in My account first.',
      [{ field: 'channels', message: 'SMS needs a phone number on your account' }],
      'PHONE_REQUIRED',
    );
  const vehicleNumbers = input.bikeScope === 'BIKES' ? (input.vehicleNumbers ?? []) : [];
  const groupIds = input.bikeScope === 'GROUPS' ? (input.groupIds ?? []) : [];
  // another fleet's bike or group is as absent as an unknown one
  const bikes = vehicleNumbers.length
    ? await findFleetBikes(tx, scope.fleetId, vehicleNumbers)
    : [];
  const groups = groupIds.length ? await fleetGroupIds(tx, scope.fleetId, groupIds) : [];
  const missingGroups = groupIds.filter((id) => !groups.includes(id));
  if (missingGroups.length)
    throw notFound(
      `No group ${missingGroups.join(', ')} in your fleet.`,
      missingGroups,
      'GROUP_NOT_FOUND',
    );
  return {
    name: input.name.trim(),
    enabled: input.enabled,
    kinds: input.kinds,
    bikeScope: input.bikeScope,
    groupIds: groups,
    bikeIds: bikes.map((bike) => bike.id),
    channels: input.channels,
    minSeverity: input.minSeverity,
    quietHours: input.quietHours,
    alwaysNotify: input.alwaysNotify,
    digest: input.digest,
  } satisfies RuleValues;
}

/** What makes a rule valid beyond its JSON shape; each refusal names its field. */
export function ruleInputErrors(input: RuleInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.name.trim()) errors.push({ field: 'name', message: 'must not be blank' });
  if (input.bikeScope === 'GROUPS' && !input.groupIds?.length)
    errors.push({ field: 'groupIds', message: 'names at least one group' });
  if (input.bikeScope === 'BIKES' && !input.vehicleNumbers?.length)
    errors.push({ field: 'vehicleNumbers', message: 'names at least one bike' });
  const hours = input.quietHours;
  if (hours) {
    if (!isTimeZone(hours.timeZone))
      errors.push({ field: 'quietHours/timeZone', message: 'is not a known time zone' });
    if (hours.from === hours.to)
      errors.push({ field: 'quietHours/to', message: 'must differ from the start' });
  }
  const unknown = input.alwaysNotify.filter((kind) => !input.kinds.includes(kind));
  if (unknown.length)
    errors.push({ field: 'alwaysNotify', message: `not kinds of the rule: ${unknown.join(', ')}` });
  return errors;
}

const stale = (current: NotificationRule) =>
  conflict(
    `This rule was changed by ${current.updatedBy ?? 'someone else'} meanwhile ` +
      `(version ${current.version}): read it again before changing it.`,
    'RULE_CHANGED',
  );

async function audit(tx: Queryable, scope: RequestScope, name: string, rule: NotificationRule) {
  await recordFleetAction(tx, scope, name, {
    id: rule.id,
    name: rule.name,
    fleetWide: rule.fleetWide,
  });
}
