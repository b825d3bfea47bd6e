// The webhooks' jobs (§6, ADR 0088), run by the worker:
// - `webhooks.fanout` (subscriber of alert.opened and alert.cleared): one delivery per event
//   and endpoint, its body frozen, its key unique — a replayed job inserts nothing — and a
//   `webhooks.deliver` job for each, in the same transaction;
// - `webhooks.deliver`: one attempt, signed per Standard Webhooks with the delivery's id as
//   `webhook-id` (the same at every attempt), then, in one transaction, the attempt's log,
//   the next attempt (a job starting after the schedule's wait) or the end, and the endpoint's
//   failing mark — 24 h of failures disable it and a `webhooks.disabled-mail` job (endpoint-mail.ts) tells the
//   fleet's administrators. A job names the attempt count it expects: once an attempt is
//   recorded, a replay of its job (a worker killed before completing it) sends nothing.
import {
  ALERT_SEVERITY,
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type WebhookAlertPayload,
  type WebhookEventType,
  type WebhookZoneCapPayload,
} from '@vfm/contract';
import { Webhook as Signer } from 'standardwebhooks';
import type { Logger } from 'pino';
import type { EventJobData } from '../../jobs/domain-events';
import type { AppContext } from '../../plugins/context';
import { recordEvents } from '../events/queries';
import type { DisabledMailJobData } from './endpoint-mail';
import { postWebhook, type AttemptResult } from './http-delivery';
import {
  recordBreaker,
  takeBreakerTurn,
  disableFailingEndpoint,
  markEndpointOutcome,
  selectEnabledEndpoints,
  selectEndpointById,
  type StoredEndpoint,
} from './queries';
import {
  markRedeliveryAttempted,
  takeRateSlot,
  insertAttempt,
  insertDeliveries,
  selectAlertFacts,
  selectDelivery,
  updateDelivery,
  type NewDelivery,
} from './delivery/queries';
import { webhookSecretBox } from './secret';
import { webhookMetrics } from './webhook-metrics';

export interface DeliverJobData {
  deliveryId: string;
  /** the delivery's fleet: its share of the queue's slots (ADR 0118) */
  fleetId?: string;
  /** the delivery's attempt count when the job was sent: any other count, and it is stale */
  attempt: number;
  /** an administrator's (test, redeliver): one attempt, no retries */
  manual?: boolean;
}

/**
 * The endpoint's circuit breaker (ADR 0118): from the 5th failed attempt in a row, its automatic
 * attempts wait 1 minute; then one attempt probes it, and each probe that fails doubles the pause
 * (2, 4… up to an hour). The fleet's administrators are told once; the retry schedule and the
 * 24 h disabling go on beside it.
 */
export const WEBHOOK_BREAKER = {
  threshold: 5,
  pauseSeconds: 60,
  maxPauseSeconds: 3600,
  // one attempt probes the endpoint after a pause; the others wait this long (its 10 s and more)
  probeSeconds: 30,
};

/** The wait after the n-th automatic attempt failed (1-based); null: no more attempts. */
export function retryDelaySeconds(failedAttempts: number): number | null {
  if (failedAttempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return WEBHOOK_RETRY_DELAYS_SECONDS[failedAttempts - 1] ?? null;
}

const isWebhookEvent = (name: string): name is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(name);

/** alert.opened / alert.cleared, zone.cap-crossed / zone.cap-ended → the deliveries of the
 *  fleets' enabled endpoints. */
export async function fanOutAlertEvents(ctx: AppContext, events: EventJobData[]): Promise<number> {
  const alertEvents = events.flatMap((event) =>
    isWebhookEvent(event.name) && 'alertId' in event.data
      ? [{ name: event.name, alertId: event.data.alertId, publishedAt: event.publishedAt }]
      : [],
  );
  const capEvents = events.flatMap((event) =>
    event.name === 'zone.cap-crossed' || event.name === 'zone.cap-ended' ? [event] : [],
  );
  if (!alertEvents.length && !capEvents.length) return 0;
  const { database, jobs, config } = ctx;
  const now = ctx.now();
  return database.transaction(async (tx) => {
    const alerts = await selectAlertFacts(tx, [...new Set(alertEvents.map((e) => e.alertId))]);
    const fleetIds = [...alerts.map((a) => a.fleet_id), ...capEvents.map((e) => e.data.fleetId)];
    const endpoints = await selectEnabledEndpoints(tx, [...new Set(fleetIds)]);
    if (!endpoints.length) return 0;
    const deliveries: NewDelivery[] = [];
    /** one delivery per endpoint (of the cause's fleet) that chose the event; its key unique */
    const deliverTo = (
      to: StoredEndpoint[],
      cause: { fleetId: string; event: string; causeId: string; kind: string; body: string },
      about: Pick<NewDelivery, 'alertId' | 'vehicleNumber'>,
    ) => {
      for (const endpoint of to)
        if (endpoint.events.includes(cause.event as WebhookEventType))
          deliveries.push({
            endpointId: endpoint.id,
            fleetId: cause.fleetId,
            idempotencyKey: `${cause.event}:${cause.causeId}:${endpoint.id}`,
            event: cause.event,
            kind: cause.kind,
            body: cause.body,
            ...about,
          });
    };
    for (const event of alertEvents) {
      const alert = alerts.find((a) => a.id === event.alertId);
      if (!alert) continue; // its bike was removed meanwhile
      const payload: WebhookAlertPayload = {
        type: event.name as WebhookAlertPayload['type'],
        timestamp: event.publishedAt,
        data: {
          alert: {
            id: alert.id,
            kind: alert.kind,
            severity: ALERT_SEVERITY[alert.kind],
            openedAt: alert.opened_at.toISOString(),
            clearedAt: alert.cleared_at?.toISOString() ?? null,
            clearCause: alert.clear_cause,
          },
          bike: {
            vehicleNumber: alert.vehicle_number,
            latitude: alert.latitude,
            longitude: alert.longitude,
          },
          link: `${config.publicUrl}/fr/fleet/product/${encodeURIComponent(alert.vehicle_number)}`,
        },
      };
      const body = JSON.stringify(payload);
      deliverTo(
        endpoints.filter((e) => e.fleetId === alert.fleet_id && e.kinds.includes(alert.kind)),
        { fleetId: alert.fleet_id, event: event.name, causeId: alert.id, kind: alert.kind, body },
        { alertId: alert.id, vehicleNumber: alert.vehicle_number },
      );
    }
    // a zone's caps (docs/zones.md): chosen by the event alone — the kinds are the bikes' alerts
    for (const { name, data, publishedAt } of capEvents) {
      const payload: WebhookZoneCapPayload = {
        type: name,
        timestamp: publishedAt,
        data: {
          zoneAlert: { id: data.zoneAlertId, kind: data.kind, cap: data.cap, parked: data.parked },
          zone: { id: data.zoneId, name: data.zoneName },
          link: `${config.publicUrl}/fr/zones`,
        },
      };
      const body = JSON.stringify(payload);
      deliverTo(
        endpoints.filter((e) => e.fleetId === data.fleetId),
        { fleetId: data.fleetId, event: name, causeId: data.zoneAlertId, kind: data.kind, body },
        { alertId: null, vehicleNumber: null },
      );
    }
    const inserted = await insertDeliveries(tx, deliveries, now);
    for (const { id, fleetId } of inserted)
      await jobs.send(tx, 'webhooks.deliver', {
        deliveryId: id,
        fleetId,
        attempt: 0,
      } satisfies DeliverJobData);
    return inserted.length;
  });
}

function openSecret(config: AppContext['config'], endpoint: StoredEndpoint): string | null {
  try {
    return webhookSecretBox(config).open(endpoint.secretEncrypted, endpoint.id);
  } catch {
    return null;
  }
}

/** how long an attempt over the rate limit waits (then up to twice as long: spread out) */
const RATE_LIMIT_WAIT_MS = 5_000;

/** One attempt of one delivery (see the file's head). */
export async function deliverWebhook(
  ctx: AppContext,
  job: DeliverJobData,
  log: Logger,
): Promise<void> {
  const { database, jobs, config } = ctx;
  const manual = job.manual === true;
  const delivery = await selectDelivery(database, job.deliveryId);
  // done, or another job's attempt came first: nothing to send (a redelivery may be asked again)
  if (!delivery || delivery.attempts !== job.attempt) {
    if (delivery && manual) await markRedeliveryAttempted(database, delivery.id, ctx.now());
    return;
  }
  if (!manual && delivery.state !== 'PENDING') return;
  const endpoint = await selectEndpointById(database, delivery.endpoint_id);
  if (!endpoint) return;
  const fleetId = delivery.fleet_id;
  if (!manual && !endpoint.enabled) {
    // disabled meanwhile: no more automatic attempts (an administrator may redeliver)
    await updateDelivery(database, delivery.id, {
      state: 'FAILED',
      attempts: delivery.attempts,
      scheduledAttempts: delivery.scheduled_attempts,
      nextAttemptAt: null,
    });
    return;
  }

  // the per-endpoint rate limit (ADR 0099): over it, the attempt waits a few seconds — not a
  // failure, its place in the retry schedule kept; an administrator's redelivery is not limited
  if (
    !manual &&
    config.webhookRatePerMinute > 0 &&
    (await takeRateSlot(database, endpoint.id, ctx.now())) > config.webhookRatePerMinute
  ) {
    webhookMetrics.limited(endpoint.id);
    await jobs.send(
      null,
      'webhooks.deliver',
      { ...job, fleetId },
      {
        startAfter: new Date(Date.now() + RATE_LIMIT_WAIT_MS + Math.random() * RATE_LIMIT_WAIT_MS),
      },
    );
    return;
  }
  // the breaker is open (ADR 0118): the attempt waits for the pause's end — no slot spent on an
  // endpoint that keeps failing, its place in the retry schedule kept; an administrator's
  // attempt goes (a test or redelivery is how one checks a repaired receiver)
  const pausedUntil = manual
    ? null
    : await takeBreakerTurn(database, endpoint.id, ctx.now(), WEBHOOK_BREAKER);
  if (pausedUntil) {
    webhookMetrics.paused(endpoint.id);
    const waitMs = pausedUntil.getTime() - ctx.now().getTime();
    await jobs.send(
      null,
      'webhooks.deliver',
      { ...job, fleetId },
      { startAfter: new Date(Date.now() + waitMs + Math.random() * 1000) },
    );
    return;
  }

  const at = ctx.now();
  const secret = openSecret(config, endpoint);
  const result: AttemptResult =
    secret === null
      ? // the key changed (ADR 0089): an attempt that tells the administrator what to do
        { status: null, latencyMs: 0, response: '', error: 'secret unreadable: rotate it' }
      : await postWebhook(
          endpoint.url,
          {
            'webhook-id': delivery.id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': new Signer(secret).sign(delivery.id, at, delivery.body),
          },
          delivery.body,
          { allowPrivate: config.webhookAllowPrivate },
        );
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  webhookMetrics.attempt(endpoint.id, ok, result.latencyMs, result.blocked === true);
  // the URL's host only: its path or query may carry a receiver's token
  log.info(
    { deliveryId: delivery.id, host: new URL(endpoint.url).host, status: result.status, ok },
    'webhook attempt',
  );

  await database.transaction(async (tx) => {
    const current = await selectDelivery(tx, delivery.id, true);
    if (!current) return; // the endpoint was deleted meanwhile
    const { blocked: _blocked, ...recorded } = result;
    await insertAttempt(tx, delivery.id, { at, ...recorded, manual });
    if (manual) await markRedeliveryAttempted(tx, delivery.id, at);
    if (current.attempts !== job.attempt) return; // recorded by another attempt meanwhile
    const attempts = current.attempts + 1;
    const scheduledAttempts = current.scheduled_attempts + (manual ? 0 : 1);
    // the address guard's refusal is permanent (ADR 0118): no retry would pass it
    const delay = ok || manual || result.blocked ? null : retryDelaySeconds(scheduledAttempts);
    const nextAttemptAt = delay === null ? null : new Date(at.getTime() + delay * 1000);
    await updateDelivery(tx, delivery.id, {
      state: ok ? 'DELIVERED' : nextAttemptAt ? 'PENDING' : 'FAILED',
      attempts,
      scheduledAttempts,
      nextAttemptAt,
    });
    if (nextAttemptAt)
      await jobs.send(
        tx,
        'webhooks.deliver',
        { deliveryId: delivery.id, fleetId, attempt: attempts } satisfies DeliverJobData,
        { startAfter: nextAttemptAt },
      );
    const breaker = await recordBreaker(tx, endpoint.id, ok, at, WEBHOOK_BREAKER);
    if (breaker?.opened) {
      webhookMetrics.breakerOpened(endpoint.id);
      await jobs.send(tx, 'webhooks.disabled-mail', {
        endpointId: endpoint.id,
        fleetId,
        reason: 'PAUSED',
      } satisfies DisabledMailJobData);
      log.warn(
        { webhookId: endpoint.id, failures: breaker.consecutive_failures },
        'webhook paused: its breaker opened',
      );
    }
    const outcome = await markEndpointOutcome(tx, endpoint.id, ok, at);
    const failingFor = outcome?.failing_since ? at.getTime() - outcome.failing_since.getTime() : 0;
    if (
      outcome?.enabled &&
      failingFor >= WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000 &&
      (await disableFailingEndpoint(tx, endpoint.id, at))
    ) {
      await recordEvents(tx, [
        {
          fleetId: endpoint.fleetId,
          bikeId: null,
          type: 'OTHER',
          name: 'WEBHOOK_DISABLED',
          source: 'MANAGER',
          userEmail: null,
          data: {
            id: endpoint.id,
            url: endpoint.url,
            reason: 'FAILING',
            failingSince: outcome.failing_since!.toISOString(),
          },
          occurredAt: at,
        },
      ]);
      await jobs.send(tx, 'webhooks.disabled-mail', {
        endpointId: endpoint.id,
        fleetId,
      } satisfies DisabledMailJobData);
      log.warn({ webhookId: endpoint.id }, 'webhook disabled after 24 h of failures');
    }
  });
}
