// Web push's SQL (ADR 0098): the generated VAPID key pair, the users' push
// subscriptions, and which subscriptions a push delivery already reached.
import { type Queryable, queryOne } from '../../../db/client';

export interface StoredVapidKey {
  publicKey: string;
  privateKeySealed: string;
}

/** Stores a key pair unless one exists; answers the one kept (the first process's). */
export async function keepVapidKey(db: Queryable, key: StoredVapidKey): Promise<StoredVapidKey> {
  await db.query(
    `INSERT INTO vapid_key (public_key, private_key_sealed) VALUES ($1, $2)
     ON CONFLICT (id) DO NOTHING`,
    [key.publicKey, key.privateKeySealed],
  );
  const [row] = await db.query<StoredVapidKey>(
    `SELECT public_key AS "publicKey", private_key_sealed AS "privateKeySealed" FROM vapid_key`,
  );
  return row!;
}

export async function selectVapidKey(db: Queryable): Promise<StoredVapidKey | null> {
  return queryOne<StoredVapidKey>(
    db,
    `SELECT public_key AS "publicKey", private_key_sealed AS "privateKeySealed" FROM vapid_key`,
  );
}

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  createdAt: Date;
}

const SUBSCRIPTION_COLUMNS = `id, endpoint, p256dh, auth, user_agent AS "userAgent",
  created_at AS "createdAt"`;

/**
 * Records a browser's subscription for the account: the account's known endpoint (the same
 * browser again) gets its new keys. Another account posting the same endpoint — of this fleet or
 * another — gets a row of its own and never takes this one over (ADR 0118).
 */
export async function upsertSubscription(
  db: Queryable,
  fleetId: string,
  accountId: string,
  input: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
) {
  const [row] = await db.query<PushSubscriptionRow & { created: boolean }>(
    `INSERT INTO push_subscription (fleet_id, account_id, endpoint, p256dh, auth, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, endpoint) DO UPDATE
        SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent
     RETURNING ${SUBSCRIPTION_COLUMNS}, (xmax = 0) AS created`,
    [fleetId, accountId, input.endpoint, input.p256dh, input.auth, input.userAgent],
  );
  return row!;
}

export async function selectSubscriptions(db: Queryable, accountId: string) {
  return db.query<PushSubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM push_subscription
      WHERE account_id = $1 ORDER BY created_at, id`,
    [accountId],
  );
}

export async function deleteSubscription(db: Queryable, accountId: string, id: string) {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM push_subscription WHERE id = $1 AND account_id = $2 RETURNING id`,
    [id, accountId],
  );
  return rows.length > 0;
}

/** The push service said the subscription is gone (404, 410). */
export async function forgetSubscription(db: Queryable, id: string) {
  await db.query(`DELETE FROM push_subscription WHERE id = $1`, [id]);
}

/** The account's subscriptions that this delivery has not reached yet, the paused ones left
 *  out (ADR 0118: a browser whose push service keeps failing). */
export async function selectUnsentSubscriptions(
  db: Queryable,
  accountId: string,
  deliveryId: string,
  now: Date,
) {
  return db.query<PushSubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM push_subscription s
      WHERE s.account_id = $1 AND (s.paused_until IS NULL OR s.paused_until <= $3)
        AND NOT EXISTS (
        SELECT 1 FROM push_delivery_sent x WHERE x.delivery_id = $2 AND x.subscription_id = s.id)
      ORDER BY s.created_at, s.id`,
    [accountId, deliveryId, now],
  );
}

/**
 * A failure of the browser's push service (no answer, 5xx, 429): counted in a row; from the
 * `threshold`-th the browser is paused `pauseSeconds` · 2^(failures − threshold), at most
 * `maxPauseSeconds` (ADR 0118). Answers whether it is paused now.
 */
export async function recordPushFailure(
  db: Queryable,
  id: string,
  at: Date,
  breaker: { threshold: number; pauseSeconds: number; maxPauseSeconds: number },
) {
  const [row] = await db.query<{ paused: boolean }>(
    `UPDATE push_subscription SET
        consecutive_failures = consecutive_failures + 1,
        paused_until = CASE WHEN consecutive_failures + 1 < $3 THEN NULL
          ELSE $2::timestamptz + make_interval(secs => least($5::float8,
                 $4::float8 * power(2, consecutive_failures + 1 - $3))) END
      WHERE id = $1 RETURNING paused_until IS NOT NULL AS paused`,
    [id, at, breaker.threshold, breaker.pauseSeconds, breaker.maxPauseSeconds],
  );
  return row?.paused ?? false;
}

/** The browser is done for this delivery: reached (`sent`), or refused for good. */
export async function recordPushSent(
  db: Queryable,
  deliveryId: string,
  subscriptionId: string,
  now: Date,
  sent = true,
) {
  await db.query(
    `INSERT INTO push_delivery_sent (delivery_id, subscription_id, sent_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [deliveryId, subscriptionId, now],
  );
  // reached: its breaker closes (ADR 0118)
  if (sent)
    await db.query(
      `UPDATE push_subscription SET last_sent_at = $2, consecutive_failures = 0,
              paused_until = NULL WHERE id = $1`,
      [subscriptionId, now],
    );
}

/** How many browsers this delivery reached (or gave up on) so far. */
export async function countReached(db: Queryable, deliveryId: string) {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM push_delivery_sent WHERE delivery_id = $1`,
    [deliveryId],
  );
  return row?.count ?? 0;
}

/** The push channel's "what a recipient needs" (channels/push.ts): a browser subscribed. */
export const PUSH_RECIPIENT_NEEDS_SQL =
  'EXISTS (SELECT 1 FROM push_subscription p WHERE p.account_id = a.id)';
