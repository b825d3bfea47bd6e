// The web push channel (ADR 0098, ADR 0124): to each browser the user subscribed
// (push/send-push.ts), now or never — a rule's quiet hours leave it to the bell and the e-mail.
import { languageOf } from '@vfm/contract';
import { pushPayload } from '../push/push-payload';
import { PUSH_RECIPIENT_NEEDS_SQL } from '../push/queries';
import { pushToBrowsers } from '../push/send-push';
import { selectRecipient } from '../delivery/queries';
import { DEFAULT_TIME_ZONE } from './email';
import type { Channel } from './channel';

/** the kinds whose push asks the push service to wake the phone at once */
const URGENT_KINDS = new Set(['SUSPECTED_THEFT', 'REPORTED_THEFT']);

export const pushChannel: Channel<'notifications.push'> = {
  name: 'PUSH',
  /** one push notification to a user's browsers (in parallel, under one 10 s deadline), apart
   *  from the e-mails so that dead push services never hold an e-mail back (ADR 0118) */
  queue: {
    name: 'notifications.push',
    retryLimit: 8,
    retryDelay: 5,
    expireInSeconds: 60,
    wakeMs: 20,
    slots: { slots: 16, fleetSlots: 6 },
  },
  instant: true,
  // the VAPID keys are generated once when not configured (push/vapid-keys.ts)
  enabled: () => true,
  recipientNeedsSql: PUSH_RECIPIENT_NEEDS_SQL,
  async deliver(ctx, delivery, log) {
    const recipient = await selectRecipient(ctx.database, delivery.accountId, null);
    if (!recipient?.active) return { outcome: 'skipped' };
    const language = languageOf(recipient.language);
    const counts = await pushToBrowsers(
      ctx.database,
      ctx.config,
      log,
      {
        deliveryId: delivery.id,
        accountId: delivery.accountId,
        payload: pushPayload({
          kind: delivery.kind,
          vehicleNumber: delivery.vehicleNumber,
          zoneName: delivery.zoneName,
          occurredAt: delivery.occurredAt,
          language,
          timeZone: recipient.timeZone ?? DEFAULT_TIME_ZONE,
        }),
        urgent: URGENT_KINDS.has(delivery.kind),
      },
      ctx.now,
    );
    // sent now, or by an earlier run of the job that died before recording it
    return { outcome: counts.sent || counts.reached ? 'sent' : 'skipped' };
  },
};
