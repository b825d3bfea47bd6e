// The deliveries' SQL (issue 22 §3 and §6, ADR 0087): a delivery is claimed before it is sent
// and marked sent after, so a job delivered twice sends once; an e-mail held by the throttle,
// the rule's digest or the quiet hours waits in DIGEST until its digest is due.
import type { Language, NotificationKind } from '@vfm/contract';
import type { Queryable } from '../../../db/client';

/** A claim older than this is a worker that died mid-send: the delivery is taken again. */
export const CLAIM_LEASE_SECONDS = 120;

export interface ClaimedDelivery {
  id: string;
  channel: 'EMAIL' | 'PUSH';
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

export async function markSkipped(db: Queryable, ids: string[]) {
  await db.query(`UPDATE notification_delivery SET status = 'SKIPPED' WHERE id = ANY($1::uuid[])`, [
    ids,
  ]);
}

export interface Recipient {
  email: string;
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
  const [row] = await db.query<Recipient>(
    `SELECT a.email, a.full_name AS "fullName", a.language, a.status = 'ACTIVE' AS active,
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
  return row ?? null;
}

// ---- digests ------------------------------------------------------------------------------

/** Gathers each account's held deliveries that are due into one digest (its key). */
export async function gatherDueDigests(db: Queryable, now: Date) {
  await db.query(
    `UPDATE notification_delivery
        SET status = 'DIGESTING', digest_key = 'digest:' || account_id || ':' || $2
      WHERE status = 'DIGEST' AND due_at <= $1`,
    [now, now.toISOString()],
  );
}

/** The digests gathered and not sent yet (a worker may have died sending one). */
export async function selectDigestKeys(db: Queryable) {
  const rows = await db.query<{ digestKey: string }>(
    `SELECT DISTINCT digest_key AS "digestKey" FROM notification_delivery
      WHERE status = 'DIGESTING' ORDER BY 1 LIMIT 500`,
  );
  return rows.map((row) => row.digestKey);
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
