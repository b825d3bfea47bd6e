// The e-mail channel (ADR 0087, ADR 0124): one message per delivery, its idempotency key the
// mail's Message-ID; held for the next hourly digest when the same bike and kind was e-mailed to
// the user within NOTIFY_EMAIL_THROTTLE_MINUTES. A mail server's 5xx is a refusal for good.
import { languageOf, type Language } from '@vfm/contract';
import { isPermanentRefusal } from '../../../mail/mailer';
import { notificationMail, type NotificationItem } from '../../../mail/notification-mails';
import { nextDigestAt } from '../digest-times';
import { unsubscribeToken } from '../unsubscribe-token';
import {
  holdForDigest,
  recentlySent,
  selectRecipient,
  type ClaimedDelivery,
  type Recipient,
} from '../delivery/queries';
import type { Channel, ChannelContext } from './channel';

/** Where the unsubscribe links point (outside the API prefix: no key, no sign-in). */
export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/** The mail server's answer, kept with a refused message (no address beyond the recipient's). */
export const refusalOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** The bike's page; for a zone's cap (no bike), the zones' page. */
export const itemOf = (
  ctx: Pick<ChannelContext, 'config'>,
  language: Language,
  item: Pick<ClaimedDelivery, 'kind' | 'vehicleNumber' | 'zoneName' | 'occurredAt'>,
): NotificationItem => ({
  kind: item.kind,
  vehicleNumber: item.vehicleNumber,
  zoneName: item.zoneName,
  occurredAt: item.occurredAt,
  url:
    item.vehicleNumber === null
      ? `${ctx.config.publicUrl}/${language}/zones`
      : `${ctx.config.publicUrl}/${language}/fleet/product/${encodeURIComponent(item.vehicleNumber)}`,
});

export const unsubscribeUrl = (
  ctx: Pick<ChannelContext, 'config'>,
  ruleId: string,
  accountId: string,
) =>
  `${ctx.config.publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(ctx.config.jwtSecret, ruleId, accountId)}`;

/**
 * One notification e-mail (or, `digest`, several items in one): in the recipient's language and
 * time zone, with the rule's one-click unsubscribe link when it is one rule's.
 */
export function sendNotificationMail(
  ctx: Pick<ChannelContext, 'config' | 'mailer'>,
  recipient: Recipient,
  items: ReadonlyArray<Parameters<typeof itemOf>[2]>,
  mail: { ruleId: string | null; accountId: string; idempotencyKey: string; digest?: boolean },
) {
  const language = languageOf(recipient.language);
  const { ruleId, accountId, idempotencyKey, digest } = mail;
  return ctx.mailer.send(
    notificationMail({
      to: recipient.email,
      fullName: recipient.fullName,
      language,
      timeZone: recipient.timeZone ?? DEFAULT_TIME_ZONE,
      items: items.map((item) => itemOf(ctx, language, item)),
      rule:
        ruleId && recipient.ruleName
          ? { name: recipient.ruleName, unsubscribeUrl: unsubscribeUrl(ctx, ruleId, accountId) }
          : null,
      idempotencyKey,
      ...(digest ? { digest } : {}),
    }),
  );
}

export const emailChannel: Channel<'notifications.deliver'> = {
  name: 'EMAIL',
  /** one notification e-mail; a retry never sends it twice (ADR 0087). 8 retries from 5 s:
   *  over 20 minutes of a mail server down; side by side, each fleet within its share (the
   *  SMTP deadline is 30 s) */
  queue: {
    name: 'notifications.deliver',
    retryLimit: 8,
    retryDelay: 5,
    expireInSeconds: 60,
    slots: { slots: 16, fleetSlots: 6 },
  },
  instant: false,
  // without SMTP_URL the messages are written to files (mail/mailer.ts): always on
  enabled: () => true,
  recipientNeedsSql: 'true',
  async deliver(ctx, delivery) {
    const now = ctx.now();
    if (await recentlySent(ctx.database, delivery, now, ctx.config.notifyEmailThrottleMinutes)) {
      await holdForDigest(ctx.database, delivery.id, nextDigestAt('HOURLY', now));
      return { outcome: 'held' };
    }
    const recipient = await selectRecipient(ctx.database, delivery.accountId, delivery.ruleId);
    if (!recipient?.active || !recipient.emailWanted) return { outcome: 'skipped' };
    try {
      await sendNotificationMail(ctx, recipient, [delivery], {
        ruleId: delivery.ruleId,
        accountId: delivery.accountId,
        idempotencyKey: delivery.idempotencyKey,
      });
    } catch (error) {
      // refused for good (550…): FAILED on its own — no retry would pass it
      if (isPermanentRefusal(error)) return { outcome: 'refused', reason: refusalOf(error) };
      throw error;
    }
    return { outcome: 'sent' };
  },
};
