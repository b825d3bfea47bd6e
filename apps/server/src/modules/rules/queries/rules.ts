// The rules' rows (ADR 0126): a fleet's rules, written with their version, and the built-ins
// that every fleet has (inserted once, on first need).
import type { Rule, RuleAction, RuleCondition, RuleScope } from '@vfm/contract';
import { type Queryable, queryOne } from '../../../db/client';
import type { BuiltinRule } from '../builtins';

export interface RuleValues {
  name: string;
  enabled: boolean;
  severity: string;
  condition: RuleCondition;
  scope: RuleScope;
  actions: RuleAction[];
  latch: boolean;
}

interface RuleRow extends Omit<Rule, 'updatedAt' | 'alertKind'> {
  updatedAt: Date;
  alertKind: string;
  fleetId: string;
}

const COLUMNS = `id, fleet_id AS "fleetId", builtin, alert_kind AS "alertKind", name, enabled,
  severity, condition, scope, actions, latch, version, updated_at AS "updatedAt",
  updated_by AS "updatedBy"`;

/** A rule's written values as the statements' parameters, in their columns' order. */
const ruleParams = (values: RuleValues) => [
  values.name,
  values.enabled,
  values.severity,
  JSON.stringify(values.condition),
  JSON.stringify(values.scope),
  JSON.stringify(values.actions),
  values.latch,
];

/** The rule as the contract says it: a written rule's alert kind is RULE. */
export const toRule = ({ fleetId: _fleet, ...row }: RuleRow): Rule => ({
  ...row,
  alertKind: (row.builtin ?? 'RULE') as Rule['alertKind'],
  updatedAt: row.updatedAt.toISOString(),
});

export async function insertBuiltins(db: Queryable, fleetIds: string[], rules: BuiltinRule[]) {
  if (!fleetIds.length) return;
  await db.query(
    `INSERT INTO rule (fleet_id, builtin, alert_kind, name, severity, condition, actions, latch)
     SELECT f.id, r.builtin, r.builtin, r.name, r.severity, r.condition, r.actions, r.latch
       FROM unnest($1::uuid[]) AS f(id)
      CROSS JOIN json_to_recordset($2::json) AS r(builtin text, name text, severity text,
                                                   condition jsonb, actions jsonb, latch boolean)
     ON CONFLICT (fleet_id, builtin) WHERE builtin IS NOT NULL DO NOTHING`,
    [fleetIds, JSON.stringify(rules)],
  );
}

export async function selectRules(db: Queryable, fleetId: string): Promise<RuleRow[]> {
  return db.query<RuleRow>(
    `SELECT ${COLUMNS} FROM rule WHERE fleet_id = $1
      ORDER BY builtin IS NULL, builtin, created_at, id`,
    [fleetId],
  );
}

export async function selectRule(
  db: Queryable,
  fleetId: string,
  id: string,
  lock = false,
): Promise<RuleRow | null> {
  return queryOne<RuleRow>(
    db,
    `SELECT ${COLUMNS} FROM rule WHERE fleet_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [fleetId, id],
  );
}

export async function countRules(db: Queryable, fleetId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM rule WHERE fleet_id = $1',
    [fleetId],
  );
  return row!.n;
}

export async function insertRule(
  db: Queryable,
  fleetId: string,
  values: RuleValues,
  by: string,
  now: Date,
): Promise<RuleRow> {
  const [row] = await db.query<RuleRow>(
    `WITH id AS (SELECT gen_random_uuid() AS id)
     INSERT INTO rule (id, fleet_id, alert_kind, name, enabled, severity, condition, scope,
                       actions, latch, created_at, updated_at, updated_by)
     SELECT id.id, $1, 'RULE:' || id.id, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10 FROM id
     RETURNING ${COLUMNS}`,
    [fleetId, ...ruleParams(values), now, by],
  );
  return row!;
}

/** Writes a new version; null when the version changed meanwhile. */
export async function updateRule(
  db: Queryable,
  fleetId: string,
  id: string,
  version: number,
  values: RuleValues,
  by: string,
  now: Date,
): Promise<RuleRow | null> {
  return queryOne<RuleRow>(
    db,
    `UPDATE rule SET name = $4, enabled = $5, severity = $6, condition = $7, scope = $8,
                     actions = $9, latch = $10, version = version + 1, updated_at = $11,
                     updated_by = $12
      WHERE fleet_id = $1 AND id = $2 AND version = $3
      RETURNING ${COLUMNS}`,
    [fleetId, id, version, ...ruleParams(values), now, by],
  );
}

/** A changed rule starts afresh: what it remembered was about the old condition. */
export async function forgetStates(db: Queryable, ruleId: string) {
  await db.query('DELETE FROM rule_state WHERE rule_id = $1', [ruleId]);
}

export async function deleteRule(db: Queryable, fleetId: string, id: string) {
  await db.query('DELETE FROM rule WHERE fleet_id = $1 AND id = $2', [fleetId, id]);
}

/** The enabled rules of these fleets, as the evaluation needs them. */
export interface LiveRule {
  id: string;
  fleetId: string;
  name: string;
  version: number;
  condition: RuleCondition;
  scope: RuleScope;
  actions: RuleAction[];
  latch: boolean;
  alertKind: string;
}

export async function selectEnabledRules(db: Queryable, fleetIds: string[]): Promise<LiveRule[]> {
  return db.query<LiveRule>(
    `SELECT id, fleet_id AS "fleetId", name, version, condition, scope, actions, latch,
            alert_kind AS "alertKind"
       FROM rule WHERE fleet_id = ANY($1::uuid[]) AND enabled ORDER BY id`,
    [fleetIds],
  );
}

/** A stamp of each fleet's rules: it moves with any write of them (migration 1080's trigger). */
export async function selectRuleStamps(db: Queryable, fleetIds: string[]) {
  return db.query<{ fleetId: string; stamp: string }>(
    `SELECT fleet_id AS "fleetId", stamp::text AS stamp FROM rule_stamp
      WHERE fleet_id = ANY($1::uuid[])`,
    [fleetIds],
  );
}

/** Which of these fleets have their built-ins already. */
export async function fleetsWithBuiltins(db: Queryable, fleetIds: string[]): Promise<string[]> {
  const rows = await db.query<{ fleetId: string }>(
    `SELECT DISTINCT fleet_id AS "fleetId" FROM rule
      WHERE fleet_id = ANY($1::uuid[]) AND builtin IS NOT NULL`,
    [fleetIds],
  );
  return rows.map((r) => r.fleetId);
}
