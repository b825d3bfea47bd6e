// The one-click unsubscribe's SQL (RFC 8058, docs/notifications.md): the rule and its reader, the
// rule's EMAIL channel dropped or given back, the reader's unsubscription kept.
import type { Queryable } from '../../../db/client';

/** The rule and its reader, if the reader may still receive it (same fleet, rule there). */
export async function selectUnsubscribeTarget(db: Queryable, ruleId: string, accountId: string) {
  const [row] = await db.query<{
    fleetId: string;
    email: string;
    name: string;
    ownerId: string | null;
  }>(
    `SELECT r.fleet_id AS "fleetId", a.email, r.name, r.account_id AS "ownerId"
       FROM notification_rule r JOIN account a ON a.fleet_id = r.fleet_id
      WHERE r.id = $1 AND a.id = $2 AND (r.account_id IS NULL OR r.account_id = a.id)
      FOR UPDATE OF r`,
    [ruleId, accountId],
  );
  return row ?? null;
}

/** The user's own rule loses its EMAIL channel (IN_APP stays, or becomes the only one). */
export async function dropEmailChannel(db: Queryable, ruleId: string, by: string) {
  await db.query(
    `UPDATE notification_rule
        SET channels = CASE WHEN array_remove(channels, 'EMAIL') = '{}' THEN ARRAY['IN_APP']
                            ELSE array_remove(channels, 'EMAIL') END,
            version = version + 1, updated_at = now(), updated_by = $2
      WHERE id = $1 AND 'EMAIL' = ANY(channels)`,
    [ruleId, by],
  );
}

export async function insertUnsubscribe(db: Queryable, ruleId: string, accountId: string) {
  await db.query(
    `INSERT INTO notification_rule_unsubscribe (rule_id, account_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING`,
    [ruleId, accountId],
  );
}

/** The user's own rule gets its EMAIL channel back (re-subscribed in My account). */
export async function addEmailChannel(db: Queryable, ruleId: string, by: string) {
  await db.query(
    `UPDATE notification_rule
        SET channels = array_append(channels, 'EMAIL'),
            version = version + 1, updated_at = now(), updated_by = $2
      WHERE id = $1 AND NOT 'EMAIL' = ANY(channels)`,
    [ruleId, by],
  );
}

/** A rule's reader: their e-mails again (true), or not (the one-click unsubscribe). */
export async function setUnsubscribed(
  db: Queryable,
  ruleId: string,
  accountId: string,
  unsubscribed: boolean,
) {
  if (unsubscribed) await insertUnsubscribe(db, ruleId, accountId);
  else
    await db.query(
      'DELETE FROM notification_rule_unsubscribe WHERE rule_id = $1 AND account_id = $2',
      [ruleId, accountId],
    );
}
