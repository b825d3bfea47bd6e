// Housekeeping of the webhooks' delivery log (issue 22 §4), with the hourly auth.maintenance
// job: a delivery is kept 30 days after it was created (its attempts with it), except while an
// attempt is still due.
import type { Queryable } from '../../db/client';

export const DELIVERY_LOG_DAYS = 30;

export async function purgeWebhookDeliveries(db: Queryable, now: Date): Promise<void> {
  await db.query(`DELETE FROM webhook_delivery WHERE created_at < $1 AND state <> 'PENDING'`, [
    new Date(now.getTime() - DELIVERY_LOG_DAYS * 24 * 3_600_000),
  ]);
}
