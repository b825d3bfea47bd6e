// The fan-out's SQL (ADR 0086): which rules match a batch of causes, for whom,
// and the notifications and deliveries they make — written once each (unique keys), so that a
// job run again after a crash adds nothing.
import { ROLE_USER, type RuleDigest, type ZoneActiveHours } from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import type { Channel, DeliveryChannelName, InstantRule } from '../channels/channel';

export interface CauseRow {
  /** the cause's index in its batch */
  i: number;
  fleetId: string;
  /** null for a zone's cap: only the rules of all the fleet's bikes match */
  bikeId: number | null;
  vehicleNumber: string | null;
  zoneId: string | null;
  zoneName: string | null;
  kind: string;
  severity: string;
  /** the kind's severity, CRITICAL = 3 … MINOR = 1 */
  rank: number;
  alertId: string | null;
  /** unique in the batch: the notifications' idempotency with the recipient */
  sourceKey: string;
  occurredAt: string;
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
  /** the matching rules' now-or-never channels (push, SMS: ADR 0124), each one the recipient
   *  can receive (a browser subscribed, a phone number) */
  instant: InstantRule[];
  /** the recipient's time zone from their settings (ADR 0099), null when not chosen */
  timeZone: string | null;
}

/** What the fan-out's statement answers (see fanOutCauses). */
export type FanOutRow =
  /** a notification just written whose recipient has e-mailing, pushing or texting rules: to plan */
  | ({ what: 'plan'; id: string } & RecipientMatch)
  /** a recipient whose only matching rules push or text: the worker decides (quiet hours) */
  | ({ what: 'instant-only'; id: null } & RecipientMatch)
  /** per fleet: the notifications written, and the recipients whose bell changed */
  | { what: 'fleet'; fleetId: string; written: number; bell: string[] };

/**
 * The fan-out of a batch of causes in one statement (docs/performance.md: no row goes through the
 * worker that needs no decision there). A rule matches when it is enabled, of the cause's
 * fleet, names its kind at or above its minimum severity, and its bikes — all, the bike's group
 * or one of the group's ancestors, or the bike itself; its recipients are its owner, or every
 * active manager of the fleet for a fleet-wide rule. The rules are reached to their recipients
 * and folded per matching signature (recipient, kinds, severity, bikes, groups) before they meet
 * the causes — a user's 50 alike rules are matched once —, then per cause and recipient as
 * booleans and signatures (1,000 matching rules make one row per recipient); only the e-mailing
 * and now-or-never rules (push, SMS: those of `instant`, each for a recipient it can reach) are
 * read in full. Each (cause, active recipient) whose rules
 * say IN_APP or EMAIL gets its notification here (unique: recipient + cause, a replay writes
 * nothing); the statement answers the rows that need the worker's planning (e-mail, push, SMS),
 * the recipients whose only rules push or text, and per fleet the recipients whose bell changed.
 */
export async function fanOutCauses(
  db: Queryable,
  causes: CauseRow[],
  instant: Array<Pick<Channel, 'name' | 'recipientNeedsSql'>>,
): Promise<FanOutRow[]> {
  if (!causes.length) return [];
  // each now-or-never channel with what its recipient needs (the channels' own SQL, `a` the
  // recipient's account): a channel the recipient cannot receive plans nothing
  const reachable =
    instant.map((c) => `(c.name = '${c.name}' AND ${c.recipientNeedsSql})`).join(' OR ') || 'false';
  return db.query<FanOutRow>(
    `WITH RECURSIVE ev AS (
       SELECT e.*, (SELECT b.id FROM bike b WHERE b.id = e."bikeId") AS bike_ref,
              (SELECT z.id FROM zone z WHERE z.id = e."zoneId") AS zone_ref,
              (SELECT a.id FROM alert a WHERE a.id = e."alertId") AS alert_ref
         FROM json_to_recordset($1::json)
           AS e(i int, "fleetId" uuid, "bikeId" bigint, "vehicleNumber" text, "zoneId" uuid,
                "zoneName" text, kind text, severity text, rank int, "alertId" uuid,
                "sourceKey" text, "occurredAt" timestamptz)
     ), up(i, id) AS (
       SELECT e.i, b.group_id FROM ev e JOIN bike b ON b.id = e."bikeId"
        WHERE b.group_id IS NOT NULL
       UNION
       SELECT up.i, g.parent_id FROM up JOIN fleet_group g ON g.id = up.id
        WHERE g.parent_id IS NOT NULL
     ), groups AS (
       SELECT i, array_agg(id) AS ids FROM up GROUP BY i
     ), rules AS (
       SELECT r.id, r.fleet_id, r.account_id, r.kinds, r.bike_scope, r.bike_ids, r.group_ids,
              CASE r.min_severity WHEN 'CRITICAL' THEN 3 WHEN 'MAJOR' THEN 2 ELSE 1 END AS min_rank,
              'IN_APP' = ANY(r.channels) AS in_app, 'EMAIL' = ANY(r.channels) AS email,
              r.channels && $3::text[] AS instant
         FROM notification_rule r
        WHERE r.enabled AND r.fleet_id IN (SELECT "fleetId" FROM ev)
     ), reach AS (
       SELECT r.*, r.account_id AS recipient FROM rules r WHERE r.account_id IS NOT NULL
       UNION ALL
       SELECT r.*, a.id FROM rules r
         JOIN account a ON a.fleet_id = r.fleet_id AND $2::text = ANY(a.roles)
        WHERE r.account_id IS NULL
     ), sig AS MATERIALIZED (
       -- a recipient's rules that match the same causes are matched once
       SELECT row_number() OVER () AS sig, x.* FROM (
         SELECT recipient, fleet_id, kinds, min_rank, bike_scope, bike_ids, group_ids,
                bool_or(in_app) AS in_app,
                array_agg(id) FILTER (WHERE email) AS email_rules,
                array_agg(id) FILTER (WHERE instant) AS instant_rules
           FROM reach
          GROUP BY recipient, fleet_id, kinds, min_rank, bike_scope, bike_ids, group_ids) x
     ), evg AS MATERIALIZED (
       SELECT e.i, e."fleetId", e."bikeId", e.kind, e.rank, coalesce(g.ids, '{}') AS group_ids
         FROM ev e LEFT JOIN groups g ON g.i = e.i
     ), folded AS (
       SELECT e.i, s.recipient, bool_or(s.in_app) AS in_app,
              array_agg(s.sig) FILTER (WHERE s.email_rules IS NOT NULL) AS email_sigs,
              array_agg(s.sig) FILTER (WHERE s.instant_rules IS NOT NULL) AS instant_sigs
         FROM evg e
         JOIN sig s ON s.fleet_id = e."fleetId" AND e.kind = ANY(s.kinds) AND e.rank >= s.min_rank
        WHERE s.bike_scope = 'ALL'
           OR (s.bike_scope = 'BIKES' AND e."bikeId" = ANY(s.bike_ids))
           OR (s.bike_scope = 'GROUPS' AND s.group_ids && e.group_ids)
        GROUP BY e.i, s.recipient
     ), plan AS MATERIALIZED (
       SELECT y.*, json_array_length(y.email) > 0 OR json_array_length(y.instant) > 0 AS to_plan
         FROM (
         SELECT f.i, f.recipient, f.in_app,
                CASE WHEN f.email_sigs IS NULL THEN '[]'::json ELSE coalesce(
                  (SELECT json_agg(json_build_object('ruleId', r.id, 'quietHours', r.quiet_hours,
                                                     'alwaysNotify', r.always_notify,
                                                     'digest', r.digest)
                                   ORDER BY r.account_id NULLS LAST, r.id)
                     FROM sig s CROSS JOIN unnest(s.email_rules) AS m(id)
                     JOIN notification_rule r ON r.id = m.id
                    WHERE s.sig = ANY(f.email_sigs) AND NOT EXISTS (
                      SELECT 1 FROM notification_rule_unsubscribe u
                       WHERE u.rule_id = r.id AND u.account_id = f.recipient)),
                  '[]'::json) END AS email,
                CASE WHEN f.instant_sigs IS NULL THEN '[]'::json ELSE coalesce(
                  (SELECT json_agg(json_build_object('channel', c.name,
                                                     'quietHours', r.quiet_hours,
                                                     'alwaysNotify', r.always_notify))
                     FROM sig s CROSS JOIN unnest(s.instant_rules) AS m(id)
                     JOIN notification_rule r ON r.id = m.id
                     CROSS JOIN unnest(r.channels) AS c(name)
                    WHERE s.sig = ANY(f.instant_sigs) AND c.name = ANY($3::text[])
                      AND (${reachable})),
                  '[]'::json) END AS instant
           FROM folded f JOIN account a ON a.id = f.recipient AND a.status = 'ACTIVE') y
     ), written AS (
       INSERT INTO notification (fleet_id, account_id, kind, severity, bike_id, vehicle_number,
                                 zone_id, zone_name, alert_id, source_key, occurred_at, in_app)
       SELECT e."fleetId", p.recipient, e.kind, e.severity, e.bike_ref, e."vehicleNumber",
              e.zone_ref, e."zoneName", e.alert_ref, e."sourceKey", e."occurredAt", p.in_app
         FROM plan p JOIN ev e ON e.i = p.i
        WHERE p.in_app OR (p.to_plan AND json_array_length(p.email) > 0)
       ON CONFLICT (account_id, source_key) DO NOTHING
       RETURNING id, fleet_id, account_id, source_key, in_app
     ), todo AS (
       SELECT p.*, e."sourceKey" FROM plan p JOIN ev e ON e.i = p.i WHERE p.to_plan
     ), answer AS (
       SELECT w.id, t.i, t.recipient, w.in_app, t.email, t.instant FROM written w
         JOIN todo t ON t."sourceKey" = w.source_key AND t.recipient = w.account_id
       UNION ALL
       SELECT NULL, t.i, t.recipient, false, t.email, t.instant FROM todo t
        WHERE NOT t.in_app AND json_array_length(t.email) = 0
     )
     SELECT CASE WHEN x.id IS NULL THEN 'instant-only' ELSE 'plan' END AS what, x.id, x.i,
            x.recipient AS "accountId", x.in_app AS "inApp", x.email, x.instant,
            (SELECT s.time_zone FROM user_settings s
              WHERE s.account_id = x.recipient AND s.time_zone IS NOT NULL
              ORDER BY s.updated_at DESC LIMIT 1) AS "timeZone",
            NULL::uuid AS "fleetId", NULL::int AS written, NULL::text[] AS bell
       FROM answer x
     UNION ALL
     SELECT 'fleet', NULL, NULL, NULL, NULL, NULL, NULL, NULL, w.fleet_id, count(*)::int,
            coalesce(array_agg(DISTINCT w.account_id::text) FILTER (WHERE w.in_app), '{}')
       FROM written w GROUP BY w.fleet_id`,
    [JSON.stringify(causes), ROLE_USER, instant.map((c) => c.name)],
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
  /** EMAIL unless said (a now-or-never channel: PUSH, SMS — ADR 0124) */
  channel?: DeliveryChannelName;
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
  return db.query<{ id: string; status: string; channel: DeliveryChannelName; fleetId: string }>(
    `INSERT INTO notification_delivery (notification_id, account_id, channel, rule_id,
                                        idempotency_key, status, digest, held_by, due_at)
     SELECT x."notificationId", x."accountId", coalesce(x.channel, 'EMAIL'), x."ruleId",
            x."idempotencyKey", x.status, x.digest, x."heldBy", x."dueAt"
       FROM json_to_recordset($1::json) AS x(channel text, "notificationId" uuid, "accountId" uuid,
            "ruleId" uuid, "idempotencyKey" text, status text, digest text, "heldBy" text,
            "dueAt" timestamptz)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id, status, channel,
               (SELECT n.fleet_id FROM notification n WHERE n.id = notification_id) AS "fleetId"`,
    [JSON.stringify(rows)],
  );
}
