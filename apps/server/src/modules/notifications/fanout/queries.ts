// The fan-out's SQL (issue 22 §2, ADR 0086): which rules match a batch of causes, for whom,
// and the notifications and deliveries they make — written once each (unique keys), so that a
// job run again after a crash adds nothing.
import { ROLE_USER, type RuleDigest, type ZoneActiveHours } from '@vfm/contract';
import type { Queryable } from '../../../db/client';

export interface CauseRow {
  /** the cause's index in its batch */
  i: number;
  fleetId: string;
  /** null for a zone's cap: only the rules of all the fleet's bikes match */
  bikeId: number | null;
  kind: string;
  /** the kind's severity, CRITICAL = 3 … MINOR = 1 */
  rank: number;
}

/** An e-mailing rule of one recipient: what decides when its e-mail goes. */
export interface EmailRule {
  ruleId: string;
  quietHours: ZoneActiveHours | null;
  alwaysNotify: string[];
  digest: RuleDigest;
}

/** One recipient of one cause, with what their matching rules say. */
export interface RecipientMatch {
  i: number;
  accountId: string;
  /** a matching rule says IN_APP */
  inApp: boolean;
  /** the matching rules with EMAIL that the recipient did not unsubscribe from, own ones first */
  email: EmailRule[];
  /** the matching rules with PUSH, when the recipient has a browser subscribed (issue 22 §5) */
  push: Array<Pick<EmailRule, 'quietHours' | 'alwaysNotify'>>;
  /** the recipient's time zone from their settings (ADR 0099), null when not chosen */
  timeZone: string | null;
}

/**
 * Every (cause, recipient) that a rule matches, with what the rules say, in one read: a rule
 * matches when it is enabled, of the cause's fleet, names its kind at or above its minimum
 * severity, and its bikes — all, the bike's group or one of the group's ancestors, or the bike
 * itself; its recipients are its owner, or every active manager of the fleet for a fleet-wide
 * rule. The rules are folded per recipient here, not in the worker: 1,000 rules of a fleet make
 * one row per recipient and cause.
 */
export async function matchRules(db: Queryable, causes: CauseRow[]): Promise<RecipientMatch[]> {
  if (!causes.length) return [];
  return db.query<RecipientMatch>(
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
     ), matched AS (
       SELECT e.i, r.id, r.fleet_id, r.account_id, r.channels, r.quiet_hours, r.always_notify,
              r.digest
         FROM ev e
         JOIN notification_rule r
           ON r.fleet_id = e."fleetId" AND r.enabled AND e.kind = ANY(r.kinds)
          AND e.rank >= CASE r.min_severity WHEN 'CRITICAL' THEN 3 WHEN 'MAJOR' THEN 2 ELSE 1 END
         LEFT JOIN groups g ON g.i = e.i
        WHERE r.bike_scope = 'ALL'
           OR (r.bike_scope = 'BIKES' AND e."bikeId" = ANY(r.bike_ids))
           OR (r.bike_scope = 'GROUPS' AND r.group_ids && coalesce(g.ids, '{}'::uuid[]))
     ), recipients AS (
       SELECT m.*, a.id AS recipient FROM matched m
         JOIN account a ON a.id = m.account_id AND a.status = 'ACTIVE'
       UNION ALL
       SELECT m.*, a.id FROM matched m
         JOIN account a ON a.fleet_id = m.fleet_id AND a.status = 'ACTIVE' AND $2::text = ANY(a.roles)
        WHERE m.account_id IS NULL
     )
     SELECT x.i, x.recipient AS "accountId", bool_or('IN_APP' = ANY(x.channels)) AS "inApp",
            coalesce(json_agg(json_build_object('ruleId', x.id, 'quietHours', x.quiet_hours,
                                                'alwaysNotify', x.always_notify, 'digest', x.digest)
                              ORDER BY x.account_id NULLS LAST, x.id)
                       FILTER (WHERE 'EMAIL' = ANY(x.channels) AND NOT EXISTS (
                         SELECT 1 FROM notification_rule_unsubscribe u
                          WHERE u.rule_id = x.id AND u.account_id = x.recipient)),
                     '[]'::json) AS email,
            coalesce(json_agg(json_build_object('quietHours', x.quiet_hours,
                                                'alwaysNotify', x.always_notify))
                       FILTER (WHERE 'PUSH' = ANY(x.channels) AND EXISTS (
                         SELECT 1 FROM push_subscription s WHERE s.account_id = x.recipient)),
                     '[]'::json) AS push,
            (SELECT s.time_zone FROM user_settings s
              WHERE s.account_id = x.recipient AND s.time_zone IS NOT NULL
              ORDER BY s.updated_at DESC LIMIT 1) AS "timeZone"
       FROM recipients x
      GROUP BY x.i, x.recipient
      ORDER BY x.i, x.recipient`,
    [JSON.stringify(causes), ROLE_USER],
  );
}

export interface NewNotification {
  fleetId: string;
  accountId: string;
  kind: string;
  severity: string;
  bikeId: number | null;
  vehicleNumber: string | null;
  zoneId: string | null;
  zoneName: string | null;
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
                               zone_id, zone_name, alert_id, source_key, occurred_at, in_app)
     SELECT x."fleetId", x."accountId", x.kind, x.severity,
            (SELECT b.id FROM bike b WHERE b.id = x."bikeId"), x."vehicleNumber",
            (SELECT z.id FROM zone z WHERE z.id = x."zoneId"), x."zoneName",
            (SELECT a.id FROM alert a WHERE a.id = x."alertId"), x."sourceKey", x."occurredAt",
            x."inApp"
       FROM json_to_recordset($1::json) AS x("fleetId" uuid, "accountId" uuid, kind text,
            severity text, "bikeId" bigint, "vehicleNumber" text, "zoneId" uuid,
            "zoneName" text, "alertId" uuid, "sourceKey" text, "occurredAt" timestamptz,
            "inApp" boolean)
     ON CONFLICT (account_id, source_key) DO NOTHING
     RETURNING id, account_id AS "accountId", source_key AS "sourceKey"`,
    [JSON.stringify(rows)],
  );
}

export interface NewDelivery {
  /** EMAIL unless said (issue 22 §5: PUSH) */
  channel?: 'EMAIL' | 'PUSH';
  notificationId: string;
  accountId: string;
  ruleId: string | null;
  idempotencyKey: string;
  /** PENDING: sent now; DIGEST: held for a digest, due then */
  status: 'PENDING' | 'DIGEST';
  digest: 'HOURLY' | 'DAILY' | null;
  heldBy: 'RULE' | 'QUIET_HOURS' | null;
  dueAt: string | null;
}

/** Inserts the deliveries not recorded yet; answers the new ones sent now. */
export async function insertDeliveries(db: Queryable, rows: NewDelivery[]) {
  if (!rows.length) return [];
  return db.query<{ id: string; status: string }>(
    `INSERT INTO notification_delivery (notification_id, account_id, channel, rule_id,
                                        idempotency_key, status, digest, held_by, due_at)
     SELECT x."notificationId", x."accountId", coalesce(x.channel, 'EMAIL'), x."ruleId",
            x."idempotencyKey", x.status, x.digest, x."heldBy", x."dueAt"
       FROM json_to_recordset($1::json) AS x(channel text, "notificationId" uuid, "accountId" uuid,
            "ruleId" uuid, "idempotencyKey" text, status text, digest text, "heldBy" text,
            "dueAt" timestamptz)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id, status`,
    [JSON.stringify(rows)],
  );
}
