// The webhooks' manifest (docs/webhooks.md, ADR 0123), listed in ../index.ts: the routes; the
// fan-out of a fleet's alerts to its endpoints (ADR 0088), one job per delivery attempt, the
// mail of a disabled endpoint, and the delivery log's housekeeping (30 days).
import type { EventJobData } from '../../jobs/domain-events';
import { defineModule, type QueueHandler } from '../manifest/define';
import { deliverWebhook, fanOutAlertEvents, type DeliverJobData } from './deliveries';
import { mailDisabledEndpoint, type DisabledMailJobData } from './endpoint-mail';
import { purgeWebhookDeliveries } from './maintenance';
import routes from './routes';

const fanout: QueueHandler<EventJobData> = async (batch, { ctx }) => {
  await fanOutAlertEvents(
    ctx,
    batch.map((job) => job.data),
  );
};

// ADR 0118: one job per slot (jobs/fair-worker.ts): a slow receiver holds only its own
const deliver: QueueHandler<DeliverJobData> = async (batch, { ctx, log }) => {
  await Promise.all(batch.map((job) => deliverWebhook(ctx, job.data, log)));
};

const disabledMail: QueueHandler<DisabledMailJobData> = async ([job], { ctx }) => {
  if (job) await mailDisabledEndpoint(ctx, job.data);
};

const purge: QueueHandler = async (_batch, { ctx }) => {
  await purgeWebhookDeliveries(ctx.database, ctx.now());
};

export default defineModule({
  name: 'webhooks',
  api: routes,
  queues: {
    /** alert.opened / alert.cleared → one delivery per webhook endpoint (ADR 0088) */
    'webhooks.fanout': {
      retryLimit: 8,
      retryDelay: 1,
      expireInSeconds: 60,
      batchSize: 100,
      // published by alerts.reconcile, not by the ingest: woken at once (docs/performance.md, ≤ 2 s)
      wakeMs: 20,
      owner: 'fleet',
      // docs/webhooks.md: a fleet's webhooks hear its alerts
      hears: ['alert.opened', 'alert.cleared', 'zone.cap-crossed', 'zone.cap-ended'],
      handler: fanout,
    },
    /**
     * one attempt of a webhook delivery; the retries of a failed attempt are the deliveries'
     * own schedule (new jobs, 30 s to 8 h apart) — this policy only retries a job whose worker
     * died or whose database write failed (the lease covers the 10 s timeout). In slots, not
     * batches (ADR 0118): an attempt starts when any slot frees, and one fleet holds at most 12
     * attempts at once in the whole deployment (more than the 10 of a batch before: a fleet alone
     * loses no speed), so its receivers that never answer leave the other slots to other fleets
     */
    'webhooks.deliver': {
      retryLimit: 5,
      retryDelay: 5,
      expireInSeconds: 30,
      wakeMs: 20,
      slots: { slots: 32, fleetSlots: 12 },
      owner: 'fleet',
      handler: deliver,
    },
    /** tells a fleet's administrators that a failing webhook was disabled */
    'webhooks.disabled-mail': {
      retryLimit: 5,
      retryDelay: 60,
      expireInSeconds: 120,
      owner: 'fleet',
      handler: disabledMail,
    },
    'webhooks.maintenance': {
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 600,
      cron: '37 * * * *',
      owner: 'operator',
      handler: purge,
    },
  },
});
