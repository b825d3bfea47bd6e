// Housekeeping of the webhooks' delivery log (docs/webhooks.md), by the hourly webhooks.maintenance
// job: a delivery is kept 30 days after it was created (its attempts with it), except while an
// attempt is still due.
import type { Queryable } from '../../db/client';
import { deleteDeliveriesBefore } from './delivery/queries';

export const DELIVERY_LOG_DAYS = 30;

export async function purgeWebhookDeliveries(db: Queryable, now: Date): Promise<void> {
  await deleteDeliveriesBefore(db, new Date(now.getTime() - DELIVERY_LOG_DAYS * 24 * 3_600_000));
}
