// The deliveries' SQL (§6, ADR 0087): a delivery is claimed before it is sent
// and marked sent after, so a job delivered twice sends once; an e-mail held by the throttle,
// the rule's digest or the quiet hours waits in DIGEST until its digest is due.
import type { Language, NotificationChannel, NotificationKind } from '@vfm/contract';
import { type Queryable, queryOne } from '../../../db/client';

/** The channels that make deliveries: the contract's, but the bell (IN_APP is the
 *  notification itself). */
export type DeliveryChannelName = Exclude<NotificationChannel, 'IN_APP'>;

/** A claim older than this is a worker that died mid-send: the delivery is taken again. */
export const CLAIM_LEASE_SECONDS = 120;

export interface ClaimedDelivery {
  id: string;
  channel: DeliveryChannelName;
  idempotencyKey: string;
  accountId: string;
  ruleId: string | null;
  kind: NotificationKind;
  bikeId: number | null;
  /** null for a zone's cap: its zone instead */
  vehicleNumber: string | null;
  zoneName: string | null;
  occurredAt: Date;
}

/**
 * Claims a delivery to send now: PENDING, or SENDING by a worker whose lease passed. Answers
 * 'claimed' with it, 'busy' (another worker holds it: try later) or 'done' (sent, held, gone).
 */
export async function claimDelivery(
  db: Queryable,
  id: string,
  now: Date,
): Promise<{ state: 'claimed'; delivery: ClaimedDelivery } | { state: 'busy' | 'done' }> {
  const [row] = await db.query<ClaimedDelivery>(
    `UPDATE notification_delivery d
        SET status = 'SENDING', claimed_at = $2, attempts = d.attempts + 1
       FROM notification n
      WHERE d.id = $1 AND n.id = d.notification_id
        AND (d.status = 'PENDING'
             OR (d.status = 'SENDING' AND d.claimed_at < $2::timestamptz - interval '${CLAIM_LEASE_SECONDS} seconds'))
      RETURNING d.id, d.channel, d.idempotency_key AS "idempotencyKey", d.account_id AS "accountId",
                d.rule_id AS "ruleId", n.kind, n.bike_id AS "bikeId",
                n.vehicle_number AS "vehicleNumber", n.zone_name AS "zoneName",
                n.occurred_at AS "occurredAt"`,
    [id, now],
  );
  if (row) return { state: 'claimed', delivery: row };
  const [current] = await db.query<{ status: string }>(
    'SELECT status FROM notification_delivery WHERE id = $1',
    [id],
  );
  return { state: current?.status === 'SENDING' ? 'busy' : 'done' };
}

/** Whether an e-mail of this bike and kind went to the account within the last minutes. */
export async function recentlySent(
  db: Queryable,
  delivery: ClaimedDelivery,
  now: Date,
  minutes: number,
) {
  if (minutes <= 0 || delivery.bikeId === null) return false;
  const rows = await db.query(
    `SELECT 1 FROM notification_delivery d JOIN notification n ON n.id = d.notification_id
      WHERE d.account_id = $1 AND d.status = 'SENT' AND d.id <> $2 AND d.channel = 'EMAIL'
        AND d.sent_at > $3::timestamptz - make_interval(mins => $4::int)
        AND n.bike_id = $5 AND n.kind = $6
      LIMIT 1`,
    [delivery.accountId, delivery.id, now, minutes, delivery.bikeId, delivery.kind],
  );
  return rows.length > 0;
}

/** Throttled: the delivery waits for the next hourly digest. */
export async function holdForDigest(db: Queryable, id: string, dueAt: Date) {
  await db.query(
    `UPDATE notification_delivery
        SET status = 'DIGEST', digest = 'HOURLY', held_by = 'THROTTLE', due_at = $2
      WHERE id = $1 AND status = 'SENDING'`,
    [id, dueAt],
  );
}

export async function markSent(db: Queryable, ids: string[], now: Date) {
  await db.query(
    `UPDATE notification_delivery SET status = 'SENT', sent_at = $2 WHERE id = ANY($1::uuid[])`,
    [ids, now],
  );
}

/** A failed send: PENDING again, for the job's retry. */
export async function releaseDelivery(db: Queryable, id: string) {
  await db.query(
    `UPDATE notification_delivery SET status = 'PENDING' WHERE id = $1 AND status = 'SENDING'`,
    [id],
  );
}

/**
 * Refused for good by the recipient's mail server (a 5xx, ADR 0118): FAILED with its answer,
 * never retried — on its own, the other recipients' messages go on.
 */
export async function markFailed(db: Queryable, ids: string[], failure: string) {
  await db.query(
    `UPDATE notification_delivery SET status = 'FAILED', failure = left($2, 500)
      WHERE id = ANY($1::uuid[])`,
    [ids, failure],
  );
}

export async function markSkipped(db: Queryable, ids: string[]) {
  await db.query(`UPDATE notification_delivery SET status = 'SKIPPED' WHERE id = ANY($1::uuid[])`, [
    ids,
  ]);
}

export interface Recipient {
  email: string;
  /** E.164, the SMS channel's (ADR 0124); null when not given */
  phone: string | null;
  fullName: string;
  language: Language;
  active: boolean;
  /** the rule's name, when the rule still exists; the user's time zone (their settings', else
   *  the rule's quiet hours') */
  ruleName: string | null;
  timeZone: string | null;
  /** still an e-mail of this rule for this account (not unsubscribed meanwhile) */
  emailWanted: boolean;
}

export async function selectRecipient(db: Queryable, accountId: string, ruleId: string | null) {
  return queryOne<Recipient>(
    db,
    `SELECT a.email, a.phone, a.full_name AS "fullName", a.language, a.status = 'ACTIVE' AS active,
            r.name AS "ruleName",
            coalesce((SELECT s.time_zone FROM user_settings s
                       WHERE s.account_id = a.id AND s.time_zone IS NOT NULL
                       ORDER BY s.updated_at DESC LIMIT 1),
                     r.quiet_hours->>'timeZone') AS "timeZone",
            (r.id IS NULL OR ('EMAIL' = ANY(r.channels) AND NOT EXISTS (
              SELECT 1 FROM notification_rule_unsubscribe u
               WHERE u.rule_id = r.id AND u.account_id = a.id))) AS "emailWanted"
       FROM account a LEFT JOIN notification_rule r ON r.id = $2
      WHERE a.id = $1`,
    [accountId, ruleId],
  );
}

// ---- digests ------------------------------------------------------------------------------

/** Gathers each account's held deliveries that are due into one digest (its key). */
export async function gatherDueDigests(db: Queryable, now: Date) {
  await db.query(
    `UPDATE notification_delivery
        SET status = 'DIGESTING', digest_key = 'digest:' || account_id || ':' || $2,
            claimed_at = NULL
      WHERE status = 'DIGEST' AND due_at <= $1`,
    [now, now.toISOString()],
  );
}

/** How long a digest's job may take before the digest is queued again (ADR 0118). */
export const DIGEST_REQUEUE_MINUTES = 30;

/**
 * The digests gathered and not queued yet — or queued so long ago that their job gave up (a
 * mail server down for longer than its retries): marked queued (`claimed_at`), each with its
 * account's fleet, one job each (ADR 0118).
 */
export async function queueDigestKeys(db: Queryable, now: Date) {
  return db.query<{ digestKey: string; fleetId: string }>(
    `WITH keys AS (
       SELECT DISTINCT digest_key FROM notification_delivery
        WHERE status = 'DIGESTING'
          AND (claimed_at IS NULL
               OR claimed_at < $1::timestamptz - interval '${DIGEST_REQUEUE_MINUTES} minutes')
        ORDER BY 1 LIMIT 500
     ), queued AS (
       UPDATE notification_delivery d SET claimed_at = $1
         FROM keys WHERE d.digest_key = keys.digest_key AND d.status = 'DIGESTING'
       RETURNING d.digest_key, d.notification_id
     )
     SELECT DISTINCT ON (q.digest_key) q.digest_key AS "digestKey", n.fleet_id AS "fleetId"
       FROM queued q JOIN notification n ON n.id = q.notification_id
      ORDER BY q.digest_key`,
    [now],
  );
}

export async function selectDigestItems(db: Queryable, digestKey: string) {
  return db.query<{
    id: string;
    accountId: string;
    ruleId: string | null;
    kind: NotificationKind;
    vehicleNumber: string | null;
    zoneName: string | null;
    occurredAt: Date;
  }>(
    `SELECT d.id, d.account_id AS "accountId", d.rule_id AS "ruleId", n.kind,
            n.vehicle_number AS "vehicleNumber", n.zone_name AS "zoneName",
            n.occurred_at AS "occurredAt"
       FROM notification_delivery d JOIN notification n ON n.id = d.notification_id
      WHERE d.digest_key = $1 AND d.status = 'DIGESTING'
      ORDER BY n.occurred_at, d.id`,
    [digestKey],
  );
}
