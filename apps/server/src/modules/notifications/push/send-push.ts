// Sending a push delivery (§6, ADR 0098): the delivery, claimed like an
// e-mail's (delivery/deliver.ts), goes to every browser the user subscribed, each request
// encrypted (aes128gcm) and signed (VAPID) by web-push, and sent through the one guarded
// outbound HTTP client (lib/outbound-http.ts, ADR 0124: no private address unless
// WEBHOOK_ALLOW_PRIVATE, no redirect). The user's browsers are pushed to side by side under one
// deadline (ADR 0118: twenty dead push services cost 10 s, not 200). A browser reached is recorded at once: a job retried because another browser's push
// service failed sends nothing twice. 404 or 410 from a push service: the subscription is gone,
// forgotten; an address the guard refuses is refused for good (never tried again).
import webPush from 'web-push';
import type { Logger } from 'pino';
import type { ResolvedConfig } from '../../../config/secrets';
import type { Queryable } from '../../../db/client';
import { postOutbound, type AttemptResult } from '../../../lib/outbound-http';
import type { PushPayload } from '@vfm/contract';
import {
  countReached,
  forgetSubscription,
  recordPushFailure,
  recordPushSent,
  selectUnsentSubscriptions,
  type PushSubscriptionRow,
} from './queries';
import { vapidKeys } from './vapid-keys';

/** how long a push service keeps a notice for a browser that is offline */
const PUSH_TTL_SECONDS = 24 * 3600;
/** all of a user's browsers together, below the push job's 60 s lease (ADR 0118) */
export const PUSH_DEADLINE_MS = 10_000;
/** a browser whose push service failed 5 times in a row waits 1 minute, doubling to an hour,
 *  before it is tried again (ADR 0118: the webhooks' breaker, for push services) */
export const PUSH_BREAKER = { threshold: 5, pauseSeconds: 60, maxPauseSeconds: 3600 };

export type PushOutcome = 'sent' | 'gone' | 'refused' | 'retry';

/** One browser: the request web-push prepares, posted through the guarded client. */
export async function postPush(
  db: Queryable,
  config: ResolvedConfig,
  subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
  payload: PushPayload,
  urgency: 'high' | 'normal',
  timeoutMs = PUSH_DEADLINE_MS,
): Promise<AttemptResult> {
  const keys = await vapidKeys(db, config);
  const request = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return postOutbound(request.endpoint, headers, request.body ?? Buffer.alloc(0), {
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs,
    userAgent: 'VFM-Push/1',
  });
}

const outcomeOf = (result: AttemptResult): PushOutcome => {
  // a blocked or private address: no retry would make it allowed
  if (result.blocked) return 'refused';
  const status = result.status;
  if (status !== null && status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  // 429, 5xx, no answer: the push service may take it later
  if (status === null || status === 429 || status >= 500) return 'retry';
  // 400, 401, 403 (a VAPID key the subscription was not made with), 413: never better
  return 'refused';
};

/**
 * Pushes to each browser of the account not reached yet; throws when one should be tried again
 * (the job's retry), after recording those reached.
 */
export async function pushToBrowsers(
  db: Queryable,
  config: ResolvedConfig,
  log: Pick<Logger, 'info' | 'warn'> | null,
  input: { deliveryId: string; accountId: string; payload: PushPayload; urgent: boolean },
  now: () => Date,
): Promise<{ sent: number; gone: number; refused: number; paused: number; reached: number }> {
  const counts = { sent: 0, gone: 0, refused: 0, paused: 0 };
  let retry = 0;
  const subscriptions = await selectUnsentSubscriptions(
    db,
    input.accountId,
    input.deliveryId,
    now(),
  );
  // every browser at once, each within what is left of the one deadline
  const deadline = performance.now() + PUSH_DEADLINE_MS;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const result = await postPush(
        db,
        config,
        subscription,
        input.payload,
        input.urgent ? 'high' : 'normal',
        Math.max(1, deadline - performance.now()),
      );
      const outcome = outcomeOf(result);
      // the push service's origin only: the endpoint's path is the browser's capability
      log?.info(
        {
          deliveryId: input.deliveryId,
          service: new URL(subscription.endpoint).origin,
          status: result.status,
          outcome,
        },
        'push attempt',
      );
      if (outcome === 'sent') {
        await recordPushSent(db, input.deliveryId, subscription.id, now());
        counts.sent += 1;
      } else if (outcome === 'gone') {
        await forgetSubscription(db, subscription.id);
        counts.gone += 1;
      } else if (outcome === 'refused') {
        // not tried again for this delivery
        await recordPushSent(db, input.deliveryId, subscription.id, now(), false);
        log?.warn(
          { deliveryId: input.deliveryId, status: result.status, error: result.error },
          'push refused',
        );
        counts.refused += 1;
      } else if (await recordPushFailure(db, subscription.id, now(), PUSH_BREAKER)) {
        // paused: left out of this delivery's retries and the next pushes until its pause ends
        log?.warn({ deliveryId: input.deliveryId, status: result.status }, 'push browser paused');
        counts.paused += 1;
      } else retry += 1;
    }),
  );
  if (retry) throw new Error(`push delivery ${input.deliveryId}: ${retry} browser(s) to try again`);
  return { ...counts, reached: await countReached(db, input.deliveryId) };
}
