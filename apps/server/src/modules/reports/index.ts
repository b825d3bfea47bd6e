// The reports module's manifest (ADR 0123, ADR 0127, docs/reports.md), listed in ../index.ts:
// the reports of a period and their exports, and the queue that keeps the daily rollups they
// read (every ten minutes, at a worker's start, and for the demo once its history is written).
import { defineModule, type QueueHandler } from '../manifest';
import { rollUp, type RollupOptions } from './rollup';
import routes from './routes';

const rollup: QueueHandler<RollupOptions> = async (batch, { ctx, log }) => {
  for (const job of batch) {
    const days = await rollUp(ctx.database, ctx.now(), job.data ?? {});
    if (days > 2) log.info({ days, fleetId: job.data?.fleetId }, 'report rollups caught up');
  }
};

export default defineModule({
  name: 'reports',
  api: routes,
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
  },
});
