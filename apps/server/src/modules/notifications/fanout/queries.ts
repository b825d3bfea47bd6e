// The fan-out's SQL (issue 22 §2, ADR 0086): which rules match a batch of causes, for whom,
// and the notifications and deliveries they make — written once each (unique keys), so that a
// job run again after a crash adds nothing.
import { ROLE_USER, type RuleDigest, type ZoneActiveHours } from '@vfm/contract';
import type { Queryable } from '../../../db/client';

export interface CauseRow {
  /** the cause's index in its batch */
  i: number;
  fleetId: string;
  bikeId: number;
  kind: string;
  /** the kind's severity, CRITICAL = 3 … MINOR = 1 */
  rank: number;
}

export interface RuleMatch {
  i: number;
  ruleId: string;
  accountId: string;
  channels: string[];
  quietHours: ZoneActiveHours | null;
  alwaysNotify: string[];
  digest: RuleDigest;
  /** the account unsubscribed from this (fleet-wide) rule's e-mails */
  unsubscribed: boolean;
}

/**
 * Every (cause, rule, recipient) that matches: the rule is enabled, of the cause's fleet, names
 * its kind at or above its minimum severity, and its bikes — all, the bike's group or one of
 * the group's ancestors, or the bike itself; the recipient is the rule's owner, or every active
 * manager of the fleet for a fleet-wide rule.
 */
export async function matchRules(db: Queryable, causes: CauseRow[]): Promise<RuleMatch[]> {
  if (!causes.length) return [];
  return db.query<RuleMatch>(
    `WITH RECURSIVE ev AS (
       SELECT * FROM json_to_recordset($1::json)
           AS e(i int, "fleetId" uuid, "bikeId" bigint, kind text, rank int)
     ), up(i, id) AS (
       SELECT e.i, b.group_id FROM ev e JOIN bike b ON b.id = e."bikeId"
        WHERE b.group_id IS NOT NULL
       UNION
       SELECT up.i, g.parent_id FROM up JOIN fleet_group g ON g.id = up.id
        WHERE g.parent_id IS NOT NULL
     ), groups AS (
       SELECT i, array_agg(id) AS ids FROM up GROUP BY i
     )
     SELECT e.i, r.id AS "ruleId", a.id AS "accountId", r.channels,
            r.quiet_hours AS "quietHours", r.always_notify AS "alwaysNotify", r.digest,
            EXISTS (SELECT 1 FROM notification_rule_unsubscribe u
                     WHERE u.rule_id = r.id AND u.account_id = a.id) AS unsubscribed
       FROM ev e
       JOIN notification_rule r
         ON r.fleet_id = e."fleetId" AND r.enabled AND e.kind = ANY(r.kinds)
        AND e.rank >= CASE r.min_severity WHEN 'CRITICAL' THEN 3 WHEN 'MAJOR' THEN 2 ELSE 1 END
       JOIN account a
         ON a.fleet_id = r.fleet_id AND a.status = 'ACTIVE'
        AND (a.id = r.account_id OR (r.account_id IS NULL AND $2::text = ANY(a.roles)))
       LEFT JOIN groups g ON g.i = e.i
      WHERE r.bike_scope = 'ALL'
         OR (r.bike_scope = 'BIKES' AND e."bikeId" = ANY(r.bike_ids))
         OR (r.bike_scope = 'GROUPS' AND r.group_ids && coalesce(g.ids, '{}'::uuid[]))
      ORDER BY e.i, a.id, r.account_id NULLS LAST, r.id`,
    [JSON.stringify(causes), ROLE_USER],
  );
}

export interface NewNotification {
  fleetId: string;
  accountId: string;
  kind: string;
  severity: string;
  bikeId: number;
  vehicleNumber: string;
  alertId: string | null;
  sourceKey: string;
  occurredAt: string;
  inApp: boolean;
}

/** Inserts the notifications not recorded yet; answers those inserted (their new ids). */
export async function insertNotifications(db: Queryable, rows: NewNotification[]) {
  if (!rows.length) return [];
  return db.query<{ id: string; accountId: string; sourceKey: string }>(
    `INSERT INTO notification (fleet_id, account_id, kind, severity, bike_id, vehicle_number,
                               alert_id, source_key, occurred_at, in_app)
     SELECT x."fleetId", x."accountId", x.kind, x.severity,
            (SELECT b.id FROM bike b WHERE b.id = x."bikeId"), x."vehicleNumber",
            (SELECT a.id FROM alert a WHERE a.id = x."alertId"), x."sourceKey", x."occurredAt",
            x."inApp"
       FROM json_to_recordset($1::json) AS x("fleetId" uuid, "accountId" uuid, kind text,
            severity text, "bikeId" bigint, "vehicleNumber" text, "alertId" uuid,
            "sourceKey" text, "occurredAt" timestamptz, "inApp" boolean)
     ON CONFLICT (account_id, source_key) DO NOTHING
     RETURNING id, account_id AS "accountId", source_key AS "sourceKey"`,
    [JSON.stringify(rows)],
  );
}

export interface NewDelivery {
  notificationId: string;
  accountId: string;
  ruleId: string;
  idempotencyKey: string;
  /** PENDING: sent now; DIGEST: held for a digest, due then */
  status: 'PENDING' | 'DIGEST';
  digest: 'HOURLY' | 'DAILY' | null;
  heldBy: 'RULE' | 'QUIET_HOURS' | null;
  dueAt: string | null;
}

/** Inserts the e-mail deliveries not recorded yet; answers the new ones sent now. */
export async function insertDeliveries(db: Queryable, rows: NewDelivery[]) {
  if (!rows.length) return [];
  return db.query<{ id: string; status: string }>(
    `INSERT INTO notification_delivery (notification_id, account_id, channel, rule_id,
                                        idempotency_key, status, digest, held_by, due_at)
     SELECT x."notificationId", x."accountId", 'EMAIL', x."ruleId", x."idempotencyKey",
            x.status, x.digest, x."heldBy", x."dueAt"
       FROM json_to_recordset($1::json) AS x("notificationId" uuid, "accountId" uuid,
            "ruleId" uuid, "idempotencyKey" text, status text, digest text, "heldBy" text,
            "dueAt" timestamptz)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id, status`,
    [JSON.stringify(rows)],
  );
}
