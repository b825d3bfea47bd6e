// The reports module's manifest (ADR 0123, ADR 0127, docs/reports.md), listed in ../index.ts:
// the reports of a period and their exports, the report schedules, and three queues — the
// daily rollups the reports read (every ten minutes, at a worker's start, and for the demo
// once its history is written), the schedules' sweep and one delivery per recipient.
import type { FastifyPluginAsync } from 'fastify';
import { defineModule, type QueueHandler } from '../manifest/define';
import { rollUp, type RollupOptions } from './rollup';
import routes from './routes';
import scheduleRoutes from './schedule-routes';
import { deliver, DELIVER_RETRY_LIMIT, sweepSchedules, type DeliveryJob } from './schedule-jobs';

const api: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  await app.register(scheduleRoutes);
};

const rollup: QueueHandler<RollupOptions> = async (batch, { ctx, log }) => {
  for (const job of batch) {
    const days = await rollUp(ctx.database, ctx.now(), job.data ?? {});
    if (days > 2) log.info({ days, fleetId: job.data?.fleetId }, 'report rollups caught up');
  }
};

const sweep: QueueHandler = async (_batch, { ctx, log }) => {
  const made = await sweepSchedules(ctx.database, ctx.jobs, ctx.now());
  if (made) log.info({ deliveries: made }, 'scheduled reports due');
};

const delivery: QueueHandler<DeliveryJob> = async (batch, { ctx }) => {
  for (const job of batch) await deliver(ctx, job.data);
};

export default defineModule({
  name: 'reports',
  api,
  queues: {
    /** the daily rollups: today and yesterday again, and every day not final yet (catch-up) */
    'reports.rollup': {
      retryLimit: 5,
      retryDelay: 30,
      expireInSeconds: 900,
      cron: '*/10 * * * *',
      owner: 'operator',
      atStart: true,
      handler: rollup,
    },
    /** the schedules whose period has ended: one delivery per recipient */
    'reports.schedules': {
      retryLimit: 3,
      retryDelay: 30,
      expireInSeconds: 300,
      cron: '*/15 * * * *',
      owner: 'operator',
      handler: sweep,
    },
    /** one recipient's report, retried on its own (30 s → 8 min) */
    'reports.deliver': {
      retryLimit: DELIVER_RETRY_LIMIT,
      retryDelay: 30,
      expireInSeconds: 120,
      slots: { slots: 4, fleetSlots: 2 },
      owner: 'fleet',
      handler: delivery,
    },
  },
});
