// Sending the notifications (ADR 0087, ADR 0124): one job per delivery, in its channel's queue
// (an e-mail: notifications.deliver; a push: notifications.push; an SMS: notifications.sms —
// ADR 0118), sent by its channel (channels/); and the e-mail digest job
// (notifications.digest, every five minutes), which queues one job per account's digest
// (notifications.digest-send): each message is sent, refused or retried on its own.
// A delivery is claimed, sent with its idempotency key (the mail's Message-ID; a file already
// written is not written again), then marked sent: a job run again after a crash finds it
// sent, or claimed by a worker whose lease passed, and never sends a second message.
import { isPermanentRefusal } from '../../../mail/mailer';
import type { AppContext } from '../../../plugins/context';
import { channelOf } from '../channels';
import type { ChannelLog, DeliveryResult } from '../channels/channel';
import {
  refusalOf,
  sendNotificationMail,
  unsubscribeUrl,
  UNSUBSCRIBE_PATH,
} from '../channels/email';
import { deliveryMetrics } from './delivery-metrics';
import {
  claimDelivery,
  gatherDueDigests,
  markFailed,
  markSent,
  markSkipped,
  queueDigestKeys,
  releaseDelivery,
  selectDigestItems,
  selectRecipient,
} from './queries';

export { UNSUBSCRIBE_PATH, unsubscribeUrl };

type Ctx = Pick<AppContext, 'config' | 'database' | 'mailer' | 'now'>;

/** A delivery's job (notifications.deliver, notifications.push, notifications.sms): its fleet
 *  is its share of the queue's slots (ADR 0118). */
export interface DeliveryJobData {
  deliveryId: string;
  fleetId?: string;
}

/** A digest's job (notifications.digest-send, ADR 0118). */
export interface DigestJobData {
  digestKey: string;
  fleetId?: string;
}

/**
 * Sends one delivery through its channel (channels/index.ts): claimed first — a job delivered
 * twice, or run again after a crash, finds it sent or claimed and sends nothing twice (ADR 0087)
 * —, then recorded: sent, skipped, held, or refused for good (FAILED on its own, its reason
 * kept). A channel that throws leaves it PENDING for the job's retry.
 */
export async function deliverOne(
  ctx: Ctx,
  deliveryId: string,
  log: ChannelLog = null,
): Promise<'sent' | 'held' | 'done' | 'refused'> {
  const { database } = ctx;
  const claim = await claimDelivery(database, deliveryId, ctx.now());
  if (claim.state !== 'claimed') {
    // a worker is sending it, or died doing so: the job's retry comes back after the lease
    if (claim.state === 'busy') throw new Error(`delivery ${deliveryId} is being sent`);
    return 'done';
  }
  const { delivery } = claim;
  let result: DeliveryResult;
  try {
    result = await channelOf(delivery.channel).deliver(ctx, delivery, log);
  } catch (error) {
    deliveryMetrics.count(delivery.channel, 'failed');
    await releaseDelivery(database, delivery.id).catch(() => {});
    throw error;
  }
  switch (result.outcome) {
    case 'sent':
      await markSent(database, [delivery.id], ctx.now());
      deliveryMetrics.count(delivery.channel, 'sent');
      return 'sent';
    case 'refused':
      await markFailed(database, [delivery.id], result.reason);
      deliveryMetrics.count(delivery.channel, 'refused');
      log?.warn(
        { deliveryId, channel: delivery.channel },
        'notification delivery refused for good',
      );
      return 'refused';
    case 'held':
      return 'held';
    default:
      await markSkipped(database, [delivery.id]);
      return 'done';
  }
}

/** The e-mail's name of deliverOne (every channel goes through it). */
export const deliverEmail = deliverOne;

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
  log: ChannelLog = null,
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
  // one rule for all: its unsubscribe link; several: the rules are in My account
  const ruleIds = new Set(items.map((item) => item.ruleId));
  const ruleId = ruleIds.size === 1 ? first.ruleId : null;
  try {
    await sendNotificationMail(ctx, recipient, items, {
      ruleId,
      accountId: first.accountId,
      idempotencyKey: digestKey,
      digest: true,
    });
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
