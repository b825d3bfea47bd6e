// A fleet's webhooks for its administrators (ADR 0088): create (the secret shown
// once), list, read, replace (kinds, URL, on/off), delete, rotate the secret, send a test
// event, redeliver; the delivery log. Every change is an audited event (admin-only reading).
// Nothing is sent here: a delivery is a job (deliveries.ts), committed with its cause.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_PER_FLEET_MAX,
  type Webhook,
  type WebhookCreate,
  type WebhookDeliveryPage,
  type WebhookDeliveryQuery,
  type WebhookDeliveryQueued,
  type WebhookList,
  type WebhookTestPayload,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { recordFleetAction } from '../events/fleet-actions';
import { webhookSecretBox } from './secret';
import { urlProblem } from './http-delivery';
import {
  countEndpoints,
  deleteEndpoint,
  insertEndpoint,
  publicWebhook,
  selectEndpoint,
  selectEndpoints,
  updateEndpoint,
  updateSecret,
  type StoredEndpoint,
} from './queries';
import {
  insertDeliveries,
  markRedeliveryQueued,
  selectDeliveryPage,
  selectFleetDelivery,
  takeManualSlot,
} from './delivery/queries';
import type { DeliverJobData } from './deliveries';

const NOT_FOUND = 'This webhook does not exist in your fleet.';

/** Standard Webhooks: `whsec_` + base64 of the key (32 random bytes). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const hintOf = (secret: string) => `${secret.slice(0, 10)}…`;

function sealedSecret(scope: RequestScope, id: string) {
  const secret = newSecret();
  return {
    secret,
    stored: {
      encrypted: webhookSecretBox(scope.ctx.config).seal(secret, id),
      hint: hintOf(secret),
    },
  };
}

function checkUrl(scope: RequestScope, url: string) {
  const problem = urlProblem(url, scope.ctx.config.webhookAllowPrivate);
  if (problem)
    throw badRequest(
      `The webhook URL ${problem}.`,
      [{ field: 'url', message: problem }],
      'WEBHOOK_URL_REFUSED',
    );
}

async function requireEndpoint(db: Queryable, scope: RequestScope, id: string, lock = false) {
  const endpoint = await selectEndpoint(db, scope.fleetId, id, lock);
  if (!endpoint) throw notFound(NOT_FOUND, undefined, 'WEBHOOK_NOT_FOUND');
  return endpoint;
}

export async function listWebhooks(scope: RequestScope): Promise<WebhookList> {
  return { content: (await selectEndpoints(scope.database, scope.fleetId)).map(publicWebhook) };
}

export async function getWebhook(scope: RequestScope, id: string): Promise<Webhook> {
  return publicWebhook(await requireEndpoint(scope.database, scope, id));
}

export async function createWebhook(
  scope: RequestScope,
  input: WebhookCreate,
): Promise<WebhookWithSecret> {
  checkUrl(scope, input.url);
  const id = randomUUID();
  const { secret, stored } = sealedSecret(scope, id);
  const values = {
    url: input.url,
    kinds: input.kinds,
    events: input.events ?? ['alert.opened'],
    description: input.description ?? '',
  };
  const endpoint = await scope.database.transaction(async (tx) => {
    if ((await countEndpoints(tx, scope.fleetId)) >= WEBHOOKS_PER_FLEET_MAX)
      throw conflict(
        `A fleet has at most ${WEBHOOKS_PER_FLEET_MAX} webhooks.`,
        'TOO_MANY_WEBHOOKS',
      );
    const created = await insertEndpoint(
      tx,
      id,
      scope.fleetId,
      values,
      stored,
      scope.principal.email,
      scope.now,
    );
    await audit(tx, scope, 'WEBHOOK_CREATED', created);
    return created;
  });
  return { webhook: publicWebhook(endpoint), secret };
}

export async function replaceWebhook(
  scope: RequestScope,
  id: string,
  input: WebhookUpdate,
): Promise<Webhook> {
  checkUrl(scope, input.url);
  return scope.database.transaction(async (tx) => {
    const current = await requireEndpoint(tx, scope, id, true);
    const updated = await updateEndpoint(
      tx,
      scope.fleetId,
      id,
      input,
      current.enabled,
      scope.principal.email,
      scope.now,
    );
    await audit(tx, scope, 'WEBHOOK_UPDATED', updated, {
      from: pick(current),
      to: pick(updated),
    });
    return publicWebhook(updated);
  });
}

const pick = ({ url, kinds, events, description, enabled }: StoredEndpoint) => ({
  url,
  kinds,
  events,
  description,
  enabled,
});

export async function removeWebhook(scope: RequestScope, id: string): Promise<void> {
  await scope.database.transaction(async (tx) => {
    const current = await requireEndpoint(tx, scope, id, true);
    await deleteEndpoint(tx, scope.fleetId, id);
    await audit(tx, scope, 'WEBHOOK_DELETED', current);
  });
}

/** A new secret, shown once; the old one signs nothing from now on. */
export async function rotateWebhookSecret(
  scope: RequestScope,
  id: string,
): Promise<WebhookWithSecret> {
  const { secret, stored } = sealedSecret(scope, id);
  const endpoint = await scope.database.transaction(async (tx) => {
    await requireEndpoint(tx, scope, id, true);
    const updated = await updateSecret(tx, id, stored, scope.principal.email, scope.now);
    await audit(tx, scope, 'WEBHOOK_SECRET_ROTATED', updated);
    return updated;
  });
  return { webhook: publicWebhook(endpoint), secret };
}

/**
 * An administrator's attempts (tests and redeliveries) per endpoint and minute (ADR 0118): each
 * is a slot of the deliveries' queue and a request to a receiver, so a script that loops on
 * "test" can neither flood a receiver nor fill the fleet's share of the slots.
 */
export const WEBHOOK_MANUAL_PER_MINUTE = 10;

/** Counts one manual attempt of the endpoint; over the limit, 429 with the window's end. */
async function takeManualAttempt(tx: Queryable, scope: RequestScope, endpointId: string) {
  const { count, endsAt } = await takeManualSlot(tx, endpointId, scope.now);
  if (count > WEBHOOK_MANUAL_PER_MINUTE)
    throw tooManyRequests(
      Math.max(1, Math.ceil((endsAt.getTime() - scope.now.getTime()) / 1000)),
      `At most ${WEBHOOK_MANUAL_PER_MINUTE} tests and redeliveries per webhook and minute.`,
    );
}

/** A `webhook.test` delivery: one attempt, at once, even to a disabled endpoint. */
export async function sendTestEvent(
  scope: RequestScope,
  id: string,
): Promise<WebhookDeliveryQueued> {
  return scope.database.transaction(async (tx) => {
    const endpoint = await requireEndpoint(tx, scope, id);
    // over the limit: 429, and nothing of this call is kept
    await takeManualAttempt(tx, scope, id);
    const payload: WebhookTestPayload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: scope.now.toISOString(),
      data: { webhookId: endpoint.id, message: 'A test event from VFM.' },
    };
    const [delivery] = await insertDeliveries(
      tx,
      [
        {
          endpointId: endpoint.id,
          fleetId: scope.fleetId,
          idempotencyKey: `${WEBHOOK_TEST_EVENT}:${randomUUID()}`,
          event: WEBHOOK_TEST_EVENT,
          alertId: null,
          vehicleNumber: null,
          kind: null,
          body: JSON.stringify(payload),
        },
      ],
      scope.now,
    );
    await scope.ctx.jobs.send(tx, 'webhooks.deliver', {
      deliveryId: delivery!.id,
      fleetId: scope.fleetId,
      attempt: 0,
      manual: true,
    } satisfies DeliverJobData);
    return { deliveryId: delivery!.id };
  });
}

/**
 * One more attempt of a delivery (same `webhook-id`, same body), not while one is due. Asked
 * again before that attempt was made, it answers the same and queues nothing (ADR 0118).
 */
export async function redeliver(
  scope: RequestScope,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryQueued> {
  return scope.database.transaction(async (tx) => {
    await requireEndpoint(tx, scope, id);
    const delivery = await selectFleetDelivery(tx, scope.fleetId, id, deliveryId, true);
    if (!delivery)
      throw notFound(
        'This delivery does not exist for this webhook.',
        undefined,
        'WEBHOOK_DELIVERY_NOT_FOUND',
      );
    if (delivery.state === 'PENDING')
      throw conflict(
        'This delivery is still being attempted: wait for its next attempt.',
        'WEBHOOK_DELIVERY_PENDING',
      );
    // the row is locked: ten calls at once pass here one after the other, the first marks it
    if (!(await markRedeliveryQueued(tx, deliveryId, scope.now))) return { deliveryId };
    await takeManualAttempt(tx, scope, id);
    await scope.ctx.jobs.send(tx, 'webhooks.deliver', {
      deliveryId,
      fleetId: scope.fleetId,
      attempt: delivery.attempts,
      manual: true,
    } satisfies DeliverJobData);
    return { deliveryId };
  });
}

export async function listDeliveries(
  scope: RequestScope,
  id: string,
  query: WebhookDeliveryQuery,
): Promise<WebhookDeliveryPage> {
  await requireEndpoint(scope.database, scope, id);
  const { page, size } = query;
  const { content, total } = await selectDeliveryPage(
    scope.database,
    scope.fleetId,
    id,
    page,
    size,
  );
  return { content, totalElements: total, page, size };
}

async function audit(
  tx: Queryable,
  scope: RequestScope,
  name: string,
  endpoint: StoredEndpoint,
  extra: Record<string, unknown> = {},
) {
  // never the secret: its hint at most
  await recordFleetAction(tx, scope, name, {
    id: endpoint.id,
    url: endpoint.url,
    secretHint: endpoint.secretHint,
    ...extra,
  });
}
