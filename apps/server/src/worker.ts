// The `worker` role (ADR 0081): the handlers of the jobs home, one line per
// queue. Subscriptions to domain events are in jobs/domain-events.ts; the queues' policies and
// schedules in jobs/queues.ts. The default process runs this beside api and ingest.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { EventJobData } from './jobs/domain-events';
import { recordProbe } from './jobs/queries';
import { ensureTelemetryPartitions } from './ingest/queries/partitions';
import { reconcileBikes, sweepAlerts } from './modules/alerts/service';
import { purgeAuthTables } from './modules/auth/maintenance';
import { purgeMdsAccessLog } from './modules/city-access/maintenance';
import { expireOverdueCommands } from './modules/commands/lifecycle';
import {
  deliverWebhook,
  fanOutAlertEvents,
  mailDisabledEndpoint,
  type DeliverJobData,
  type DisabledMailJobData,
} from './modules/webhooks/deliveries';
import { purgeWebhookDeliveries } from './modules/webhooks/maintenance';
import {
  deliverEmail,
  queueDueDigests,
  sendDigest,
  type DeliveryJobData,
  type DigestJobData,
} from './modules/notifications/delivery/deliver';
import { fanOut } from './modules/notifications/fanout/fanout';
import { automateTasks } from './modules/tasks/automation';
import { sweepMaintenance } from './modules/maintenance/service';
import { sweepZoneCaps } from './modules/zones/zone-caps';
import { fleetsOf, placeFleets } from './modules/zones/placement';
import type { AppContext } from './plugins/context';

/**
 * The probe's data: wait this long, then record the job's id (idempotent). Until `failUntil`
 * (server clock) it fails instead: how an operator sees retries and dead letters work.
 */
export interface ProbeData {
  token: string;
  waitMs?: number;
  failUntil?: string;
}

export async function startWorker(ctx: AppContext, log: Logger): Promise<void> {
  const { database, jobs, now } = ctx;
  await jobs.work<EventJobData>('alerts.reconcile', async (batch) => {
    const bikeIds = batch.flatMap(({ data }) => ('bikeId' in data.data ? [data.data.bikeId] : []));
    await reconcileBikes(database, jobs, [...new Set(bikeIds)], now());
  });
  await jobs.work<EventJobData>('tasks.automate', async (batch) => {
    await automateTasks(
      database,
      batch.map((job) => job.data),
      now(),
    );
  });
  await jobs.work('tasks.maintenance', async () => {
    const opened = await sweepMaintenance(database, now());
    if (opened) log.info({ opened }, 'maintenance tasks opened');
  });
  await jobs.work('zones.caps', async () => {
    const changes = await sweepZoneCaps(database, jobs, now());
    if (changes.length) log.info({ changes: changes.length }, 'zone caps swept');
  });
  await jobs.work<EventJobData>('zones.place', async (batch) => {
    await placeFleets(database, jobs, fleetsOf(batch), now());
  });
  await jobs.work('zones.sweep', async () => {
    const placed = await placeFleets(database, jobs, null, now());
    if (placed) log.info({ placed }, 'bikes placed among their zones');
  });
  await jobs.work('alerts.sweep', async () => {
    const changes = await sweepAlerts(database, jobs, now());
    if (changes.length) log.info({ changes: changes.length }, 'alerts swept');
  });
  // docs/notifications.md: notifications, then each e-mail as its own job (ADR 0086, ADR 0087)
  await jobs.work<EventJobData>('notifications.fanout', async (batch) => {
    await fanOut(
      database,
      jobs,
      batch.map((job) => job.data),
      now(),
    );
  });
  // ADR 0118: worked in slots, fairly between fleets (jobs/queues.ts): one job at a time each
  await jobs.work<DeliveryJobData>('notifications.deliver', async ([job]) => {
    if (job) await deliverEmail(ctx, job.data.deliveryId, log);
  });
  await jobs.work<DeliveryJobData>('notifications.push', async ([job]) => {
    if (job) await deliverEmail(ctx, job.data.deliveryId, log);
  });
  await jobs.work('notifications.digest', async () => {
    const queued = await queueDueDigests(ctx);
    if (queued) log.info({ queued }, 'notification digests queued');
  });
  await jobs.work<DigestJobData>('notifications.digest-send', async ([job]) => {
    if (job) await sendDigest(ctx, job.data.digestKey, log);
  });
  await jobs.work('commands.expire', async () => {
    await expireOverdueCommands(database, jobs, now());
  });
  await jobs.work('auth.maintenance', async () => {
    await purgeAuthTables(database, now());
    // the MDS access log (docs/open-data.md) is kept 90 days
    await purgeMdsAccessLog(database, now());
    // the webhooks' delivery log (docs/notifications.md) 30 days
    await purgeWebhookDeliveries(database, now());
  });
  await jobs.work('telemetry.partitions', async () => {
    await ensureTelemetryPartitions(database, now());
  });
  await jobs.work<EventJobData>('webhooks.fanout', async (batch) => {
    await fanOutAlertEvents(
      ctx,
      batch.map((job) => job.data),
    );
  });
  await jobs.work<DeliverJobData>('webhooks.deliver', async (batch) => {
    // ADR 0118: one job per slot (jobs/fair-worker.ts): a slow receiver holds only its own
    await Promise.all(batch.map((job) => deliverWebhook(ctx, job.data, log)));
  });
  await jobs.work<DisabledMailJobData>('webhooks.disabled-mail', async ([job]) => {
    if (job) await mailDisabledEndpoint(ctx, job.data);
  });
  await jobs.work<ProbeData>('jobs.probe', async ([job]) => {
    if (!job) return;
    if (job.data.waitMs) await sleep(Math.min(job.data.waitMs, 60_000));
    if (job.data.failUntil && now() < new Date(job.data.failUntil))
      throw new Error(`probe ${job.data.token} fails until ${job.data.failUntil}`);
    await recordProbe(ctx.database, job.id, job.data.token, process.pid);
  });
  // a fresh start: the bikes' places and the alerts match before the first minute is over
  await jobs.send(null, 'zones.sweep', {});
  await jobs.send(null, 'alerts.sweep', {});
}
