// The SMS channel (ADR 0124): one text message per delivery through an HTTP SMS gateway with a
// Twilio-compatible Messages API — POST {SMS_URL}/Accounts/{sid}/Messages.json, form-encoded
// To/From/Body, basic auth sid:token — via the one guarded outbound client (lib/outbound-http.ts).
// Now or never like a push; to the account's phone number (E.164). The delivery is claimed before
// it is sent and marked sent after (ADR 0087), and its idempotency key goes along as the
// Idempotency-Key header: a gateway that honours it sends nothing twice even after a worker died
// between its answer and the record. A 4xx (but 429) is a refusal for good (FAILED with the
// gateway's answer); a 5xx, a 429, no answer, the deadline: tried again (the job's retry).
import { languageOf } from '@vfm/contract';
import type { ResolvedConfig } from '../../../config/secrets';
import { postOutbound } from '../../../lib/outbound-http';
import { selectRecipient } from '../delivery/queries';
import { SMS_RECIPIENT_NEEDS_SQL } from './queries';
import { DEFAULT_TIME_ZONE } from './email';
import { smsText } from './sms-text';
import type { Channel } from './channel';

/** one request, well below the SMS job's 60 s lease (ADR 0118) */
export const SMS_DEADLINE_MS = 10_000;

export const smsChannel: Channel<'notifications.sms'> = {
  name: 'SMS',
  /** one SMS through the operator's gateway (one 10 s request), apart from the e-mails and
   *  pushes so that a gateway down holds neither back */
  queue: {
    name: 'notifications.sms',
    retryLimit: 8,
    retryDelay: 5,
    expireInSeconds: 60,
    wakeMs: 20,
    slots: { slots: 8, fleetSlots: 3 },
  },
  instant: true,
  enabled: (config: ResolvedConfig) => config.sms !== null,
  recipientNeedsSql: SMS_RECIPIENT_NEEDS_SQL,
  async deliver(ctx, delivery, log) {
    const gateway = ctx.config.sms;
    const recipient = await selectRecipient(ctx.database, delivery.accountId, null);
    // the gateway unset since, the account disabled, the number removed: nobody to text
    if (!gateway || !recipient?.active || !recipient.phone) return { outcome: 'skipped' };
    const language = languageOf(recipient.language);
    const body = new URLSearchParams({
      To: recipient.phone,
      From: gateway.from,
      Body: smsText({
        ...delivery,
        language,
        timeZone: recipient.timeZone ?? DEFAULT_TIME_ZONE,
        publicUrl: ctx.config.publicUrl,
      }),
    }).toString();
    const result = await postOutbound(
      `${gateway.url.replace(/\/+$/, '')}/Accounts/${encodeURIComponent(gateway.accountSid)}/Messages.json`,
      {
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': delivery.idempotencyKey,
      },
      body,
      {
        allowPrivate: ctx.config.webhookAllowPrivate,
        timeoutMs: SMS_DEADLINE_MS,
        userAgent: 'VFM-SMS/1',
        basicAuth: { user: gateway.accountSid, password: gateway.authToken },
      },
    );
    const status = result.status;
    log?.info({ deliveryId: delivery.id, status, error: result.error }, 'sms attempt');
    if (status !== null && status >= 200 && status < 300) return { outcome: 'sent' };
    // a guard-refused address, or a 4xx (a number the gateway rejects, bad credentials): no
    // retry would pass it (ADR 0118)
    if (result.blocked || (status !== null && status >= 400 && status < 500 && status !== 429))
      return {
        outcome: 'refused',
        reason: `SMS gateway: ${status ?? ''} ${result.error ?? result.response}`.trim(),
      };
    throw new Error(`SMS delivery ${delivery.id}: ${status ?? result.error ?? 'no answer'}`);
  },
};
