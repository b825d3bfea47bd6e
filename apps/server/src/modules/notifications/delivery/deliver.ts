// Sending the notification e-mails (§6, ADR 0087): one job per delivery
// (queue notifications.deliver; a push: notifications.push, ADR 0118) and the digest job
// (notifications.digest, every five minutes), which queues one job per account's digest
// (notifications.digest-send): each message is sent, refused or retried on its own.
// A delivery is claimed, sent with its idempotency key (the mail's Message-ID; a file already
// written is not written again), then marked sent: a job run again after a crash finds it
// sent, or claimed by a worker whose lease passed, and never sends a second message.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@vfm/contract';
import { isPermanentRefusal } from '../../../mail/mailer';
import { notificationMail, type NotificationItem } from '../../../mail/notification-mails';
import type { AppContext } from '../../../plugins/context';
import { nextDigestAt } from '../digest-times';
import { unsubscribeToken } from '../unsubscribe-token';
import { pushPayload } from '../push/push-payload';
import { pushToBrowsers } from '../push/send-push';
import { deliveryMetrics } from './delivery-metrics';
import {
  claimDelivery,
  gatherDueDigests,
  holdForDigest,
  markFailed,
  markSent,
  markSkipped,
  queueDigestKeys,
  recentlySent,
  releaseDelivery,
  selectDigestItems,
  selectRecipient,
  type ClaimedDelivery,
} from './queries';

/** Where the unsubscribe links point (outside the API prefix: no key, no sign-in). */
export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';
const DEFAULT_TIME_ZONE = 'Europe/Paris';

type Ctx = Pick<AppContext, 'config' | 'database' | 'mailer' | 'now'>;

/** A delivery's job (notifications.deliver, notifications.push): its fleet is its share of the
 *  queue's slots (ADR 0118). */
export interface DeliveryJobData {
  deliveryId: string;
  fleetId?: string;
}

/** A digest's job (notifications.digest-send, ADR 0118). */
export interface DigestJobData {
  digestKey: string;
  fleetId?: string;
}

/** The mail server's answer, kept with a refused message (no address beyond the recipient's). */
const refusalOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The bike's page; for a zone's cap (no bike), the zones' page. */
const itemOf = (
  ctx: Ctx,
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

export const unsubscribeUrl = (ctx: Ctx, ruleId: string, accountId: string) =>
  `${ctx.config.publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(ctx.config.jwtSecret, ruleId, accountId)}`;

/** the kinds whose push asks the push service to wake the phone at once */
const URGENT_KINDS = new Set(['SUSPECTED_THEFT', 'REPORTED_THEFT']);

/**
 * Sends one delivery: its e-mail (or holds it for the digest: the throttle), or its push to the
 * user's browsers (docs/notifications.md).
 */
export async function deliverEmail(
  ctx: Ctx,
  deliveryId: string,
  log: Parameters<typeof pushToBrowsers>[2] = null,
): Promise<'sent' | 'held' | 'done' | 'refused'> {
  const { database, config } = ctx;
  const now = ctx.now();
  const claim = await claimDelivery(database, deliveryId, now);
  if (claim.state !== 'claimed') {
    // a worker is sending it, or died doing so: the job's retry comes back after the lease
    if (claim.state === 'busy') throw new Error(`delivery ${deliveryId} is being sent`);
    return 'done';
  }
  const { delivery } = claim;
  if (delivery.channel === 'PUSH') return deliverPush(ctx, delivery, log);
  try {
    if (await recentlySent(database, delivery, now, config.notifyEmailThrottleMinutes)) {
      await holdForDigest(database, delivery.id, nextDigestAt('HOURLY', now));
      return 'held';
    }
    const recipient = await selectRecipient(database, delivery.accountId, delivery.ruleId);
    if (!recipient?.active || !recipient.emailWanted) {
      await markSkipped(database, [delivery.id]);
      return 'done';
    }
    const language: Language = isLanguage(recipient.language)
      ? recipient.language
      : DEFAULT_LANGUAGE;
    await ctx.mailer.send(
      notificationMail({
        to: recipient.email,
        fullName: recipient.fullName,
        language,
        timeZone: recipient.timeZone ?? DEFAULT_TIME_ZONE,
        items: [itemOf(ctx, language, delivery)],
        rule:
          delivery.ruleId && recipient.ruleName
            ? {
                name: recipient.ruleName,
                unsubscribeUrl: unsubscribeUrl(ctx, delivery.ruleId, delivery.accountId),
              }
            : null,
        idempotencyKey: delivery.idempotencyKey,
      }),
    );
    await markSent(database, [delivery.id], ctx.now());
    deliveryMetrics.count('EMAIL', 'sent');
    return 'sent';
  } catch (error) {
    // refused for good (550…): FAILED on its own, the job done — no retry would pass it
    if (isPermanentRefusal(error)) {
      await markFailed(database, [delivery.id], refusalOf(error));
      deliveryMetrics.count('EMAIL', 'refused');
      log?.warn({ deliveryId: delivery.id }, 'notification e-mail refused by the mail server');
      return 'refused';
    }
    deliveryMetrics.count('EMAIL', 'failed');
    await releaseDelivery(database, delivery.id).catch(() => {});
    throw error;
  }
}

async function deliverPush(
  ctx: Ctx,
  delivery: ClaimedDelivery,
  log: Parameters<typeof pushToBrowsers>[2],
): Promise<'sent' | 'done'> {
  const { database } = ctx;
  try {
    const recipient = await selectRecipient(database, delivery.accountId, null);
    if (!recipient?.active) {
      await markSkipped(database, [delivery.id]);
      return 'done';
    }
    const language: Language = isLanguage(recipient.language)
      ? recipient.language
      : DEFAULT_LANGUAGE;
    const counts = await pushToBrowsers(
      database,
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
    if (counts.sent || counts.reached) {
      await markSent(database, [delivery.id], ctx.now());
      deliveryMetrics.count('PUSH', 'sent');
      return 'sent';
    }
    await markSkipped(database, [delivery.id]);
    return 'done';
  } catch (error) {
    deliveryMetrics.count('PUSH', 'failed');
    await releaseDelivery(database, delivery.id).catch(() => {});
    throw error;
  }
}

/**
 * Gathers the digests that are due and queues one job per account's digest (ADR 0118): one
 * mailbox that refuses, or one slow mail server, holds no other account's digest back. Answers
 * how many were queued.
 */
export async function queueDueDigests(ctx: Pick<AppContext, 'database' | 'jobs' | 'now'>) {
  const now = ctx.now();
  return ctx.database.transaction(async (tx) => {
    await gatherDueDigests(tx, now);
    const keys = await queueDigestKeys(tx, now);
    for (const { digestKey, fleetId } of keys)
      await ctx.jobs.send(tx, 'notifications.digest-send', {
        digestKey,
        fleetId,
      } satisfies DigestJobData);
    return keys.length;
  });
}

/** Sends one account's digest: one e-mail with what waited (refused for good: FAILED alone). */
export async function sendDigest(
  ctx: Ctx,
  digestKey: string,
  log: Parameters<typeof pushToBrowsers>[2] = null,
): Promise<'sent' | 'refused' | 'done'> {
  const { database } = ctx;
  const items = await selectDigestItems(database, digestKey);
  const first = items[0];
  if (!first) return 'done'; // sent by an earlier run of this job
  const ids = items.map((item) => item.id);
  const recipient = await selectRecipient(database, first.accountId, first.ruleId);
  if (!recipient?.active) {
    await markSkipped(database, ids);
    return 'done';
  }
  const language: Language = isLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE;
  // one rule for all: its unsubscribe link; several: the rules are in My account
  const ruleIds = new Set(items.map((item) => item.ruleId));
  const ruleId = ruleIds.size === 1 ? first.ruleId : null;
  try {
    await ctx.mailer.send(
      notificationMail({
        to: recipient.email,
        fullName: recipient.fullName,
        language,
        timeZone: recipient.timeZone ?? DEFAULT_TIME_ZONE,
        items: items.map((item) => itemOf(ctx, language, item)),
        rule:
          ruleId && recipient.ruleName
            ? {
                name: recipient.ruleName,
                unsubscribeUrl: unsubscribeUrl(ctx, ruleId, first.accountId),
              }
            : null,
        idempotencyKey: digestKey,
        digest: true,
      }),
    );
  } catch (error) {
    if (!isPermanentRefusal(error)) {
      deliveryMetrics.count('DIGEST', 'failed');
      throw error; // the job's retry
    }
    await markFailed(database, ids, refusalOf(error));
    deliveryMetrics.count('DIGEST', 'refused');
    log?.warn({ digestKey }, 'notification digest refused by the mail server');
    return 'refused';
  }
  await markSent(database, ids, ctx.now());
  deliveryMetrics.count('DIGEST', 'sent');
  return 'sent';
}
