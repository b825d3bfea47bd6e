// The rules' alerts as conditions of the alerts' reconciliation (ADR 0126): an alert of a rule
// holds while its rule fires for the bike (rule_state.firing_since), like a warning holds while
// its bike's column says so. The reconciliation (./reconcile.ts) stays the one writer of
// automatic alerts; these are the pieces of SQL it adds for the rules (their tables, rule and
// rule_state, are the rules module's; the alerts read them, the rules never import the alerts).
import { CUSTOM_RULE_ALERT_KIND } from '@vfm/contract';

const OPENS_ALERT = `r.enabled AND r.actions @> '[{"type": "alert"}]'`;

/** Rows (bike_id, fleet_id, kind, since, rule_id, detail) of the rules firing for bikes $1
 *  (null: every bike), as the reconciliation's desired alerts. */
export const RULE_DESIRED = `
  SELECT s.bike_id, r.fleet_id, r.alert_kind, s.firing_since, r.id,
         jsonb_build_object('ruleId', r.id, 'ruleName', r.name) || coalesce(s.detail, '{}')
    FROM rule_state s JOIN rule r ON r.id = s.rule_id
   WHERE s.firing_since IS NOT NULL AND ${OPENS_ALERT}
     AND ($1::bigint[] IS NULL OR s.bike_id = ANY($1::bigint[]))`;

/** Whether the rule of alert `a` still fires for its bike. */
export const RULE_STILL_FIRES = `EXISTS (SELECT 1 FROM rule_state s JOIN rule r ON r.id = s.rule_id
   WHERE s.rule_id = a.rule_id AND s.bike_id = a.bike_id AND s.firing_since IS NOT NULL
     AND ${OPENS_ALERT})`;

/** The bikes (of every fleet) whose rules' firing differs from their active rule alerts. */
export const RULE_BIKES_THAT_DIFFER = `
  SELECT coalesce(d.bike_id, act.bike_id) FROM (
    SELECT s.bike_id, s.rule_id FROM rule_state s JOIN rule r ON r.id = s.rule_id
     WHERE s.firing_since IS NOT NULL AND ${OPENS_ALERT}) d
  FULL JOIN (SELECT a.bike_id, a.rule_id FROM alert a
              WHERE a.cleared_at IS NULL AND a.rule_id IS NOT NULL) act
    ON act.bike_id = d.bike_id AND act.rule_id = d.rule_id
   WHERE d.bike_id IS NULL OR act.bike_id IS NULL`;

/** An alert's kind as the contract says it: a written rule's alerts are RULE. */
export const alertKindSql = (alias: string) =>
  `CASE WHEN ${alias}.kind LIKE 'RULE:%' THEN '${CUSTOM_RULE_ALERT_KIND}' ELSE ${alias}.kind END`;

/** The alerts of this contract kind: RULE is every written rule's. */
export const kindFilterSql = (alias: string, param: string) =>
  `(${param}::text IS NULL OR ${alertKindSql(alias)} = ${param})`;

/** A rule alert's rule (null for the others): join `rule r_` on the alert. */
export const RULE_OF_ALERT = `CASE WHEN r_.id IS NULL THEN NULL
  ELSE json_build_object('id', r_.id, 'name', r_.name) END AS rule, a.detail, r_.severity AS "ruleSeverity"`;

/** What the reconciliation's differences say of a rule's alert (its rule, and the messages). */
interface RuleDifference {
  ruleId: string | null;
  detail: unknown;
}

/** The rule and detail columns of the alerts to open (unnest's $5 and $6). */
export const ruleColumns = (rows: object[]) => [
  rows.map((row) => (row as RuleDifference).ruleId),
  rows.map((row) => {
    const { detail } = row as RuleDifference;
    return detail ? JSON.stringify(detail) : null;
  }),
];

/** The severity of a rule's alert is its rule's (null: the kind's). */
export interface RuleSeverity {
  ruleSeverity: 'CRITICAL' | 'MAJOR' | 'MINOR' | null;
}
