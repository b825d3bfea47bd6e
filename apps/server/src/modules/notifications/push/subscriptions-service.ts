// The caller's browsers that receive push (ADR 0098): the public key they
// subscribe with, their subscriptions, each change audited. An endpoint is a push service's
// URL that VFM will call: the webhooks' rules apply (https, no private or local address unless
// WEBHOOK_ALLOW_PRIVATE), checked here and again, after DNS, at each delivery.
import { createECDH } from 'node:crypto';
import {
  PUSH_SUBSCRIPTIONS_PER_USER_MAX,
  type PushPublicKey,
  type PushSubscription,
  type PushSubscriptionCreate,
  type PushSubscriptionList,
} from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { badRequest, conflict, notFound, type FieldError } from '../../../lib/problem';
import type { RequestScope } from '../../../plugins/request-scope';
import { urlProblem } from '../../../lib/outbound-http';
import { recordFleetAction } from '../../events/fleet-actions';
import {
  deleteSubscription,
  selectSubscriptions,
  upsertSubscription,
  type PushSubscriptionRow,
} from './queries';
import { vapidKeys } from './vapid-keys';

export async function getPublicKey(scope: RequestScope): Promise<PushPublicKey> {
  const keys = await vapidKeys(scope.database, scope.ctx.config);
  return { publicKey: keys.publicKey };
}

const toSubscription = (row: PushSubscriptionRow): PushSubscription => ({
  id: row.id,
  service: new URL(row.endpoint).origin,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});

export async function listSubscriptions(scope: RequestScope): Promise<PushSubscriptionList> {
  const rows = await selectSubscriptions(scope.database, scope.principal.accountId);
  return { content: rows.map(toSubscription) };
}

/** What makes a subscription unusable beyond its JSON shape; each refusal names its field. */
export function subscriptionErrors(input: PushSubscriptionCreate, allowPrivate: boolean) {
  const errors: FieldError[] = [];
  const problem = urlProblem(input.endpoint, allowPrivate);
  if (problem) errors.push({ field: 'endpoint', message: problem });
  const key = Buffer.from(input.keys.p256dh, 'base64url');
  try {
    // a point of the P-256 curve, uncompressed (65 bytes): anything else cannot be encrypted to
    if (key.length !== 65 || key[0] !== 4) throw new Error();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
  } catch {
    errors.push({ field: 'keys/p256dh', message: 'is not a P-256 public key' });
  }
  if (Buffer.from(input.keys.auth, 'base64url').length !== 16)
    errors.push({ field: 'keys/auth', message: 'is not a 16-byte secret' });
  return errors;
}

export async function subscribe(
  scope: RequestScope,
  input: PushSubscriptionCreate,
  userAgent: string | null,
): Promise<{ created: boolean; subscription: PushSubscription }> {
  const errors = subscriptionErrors(input, scope.ctx.config.webhookAllowPrivate);
  if (errors.length) throw badRequest('This push subscription is not usable.', errors);
  const accountId = scope.principal.accountId;
  return scope.database.transaction(async (tx) => {
    const existing = await selectSubscriptions(tx, accountId);
    if (
      existing.length >= PUSH_SUBSCRIPTIONS_PER_USER_MAX &&
      !existing.some((row) => row.endpoint === input.endpoint)
    )
      throw conflict(
        `At most ${PUSH_SUBSCRIPTIONS_PER_USER_MAX} browsers each: remove one first.`,
        'TOO_MANY_PUSH_SUBSCRIPTIONS',
      );
    const row = await upsertSubscription(tx, scope.fleetId, accountId, {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    const subscription = toSubscription(row);
    await audit(tx, scope, 'PUSH_SUBSCRIBED', subscription);
    return { created: row.created, subscription };
  });
}

export async function unsubscribe(scope: RequestScope, id: string): Promise<void> {
  await scope.database.transaction(async (tx) => {
    const found = (await selectSubscriptions(tx, scope.principal.accountId)).find(
      (row) => row.id === id,
    );
    if (!found || !(await deleteSubscription(tx, scope.principal.accountId, id)))
      throw notFound(
        'This push subscription does not exist for you.',
        undefined,
        'PUSH_SUBSCRIPTION_NOT_FOUND',
      );
    await audit(tx, scope, 'PUSH_UNSUBSCRIBED', toSubscription(found));
  });
}

async function audit(tx: Queryable, scope: RequestScope, name: string, sub: PushSubscription) {
  // the push service only: the endpoint is the browser's capability
  await recordFleetAction(tx, scope, name, { id: sub.id, service: sub.service });
}
