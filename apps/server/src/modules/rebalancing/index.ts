// The rebalancing module's manifest (ADR 0123, ADR 0128), listed in ../index.ts: its routes and
// the half-hourly planning (forecast, recommendations, routes) of every fleet with trips, and
// the heat maps' rollup per cell and hour (ADR 0136).
import { defineModule, type QueueHandler } from '../manifest';
import { planAllFleets } from './plan-job';
import { rollUpHours, type RollupOptions } from './rollup';
import routes from './routes';

const plan: QueueHandler = async (_batch, { ctx }) => {
  await planAllFleets(ctx.database, ctx.now());
};

const rollup: QueueHandler<RollupOptions> = async (batch, { ctx, log }) => {
  for (const job of batch) {
    const hours = await rollUpHours(ctx.database, ctx.now(), job.data ?? {});
    if (hours > 6) log.info({ hours, fleetId: job.data?.fleetId }, 'heat map rollups caught up');
  }
};

export default defineModule({
  name: 'rebalancing',
  api: routes,
  queues: {
    'rebalancing.plan': {
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: 600,
      cron: '*/30 * * * *',
      atStart: true,
      owner: 'operator',
      handler: plan,
    },
    /** the heat maps' rollup per cell and hour (ADR 0136): the last hours again, the catch-up */
    'rebalancing.rollup': {
      retryLimit: 5,
      retryDelay: 30,
      expireInSeconds: 900,
      cron: '*/10 * * * *',
      atStart: true,
      owner: 'operator',
      handler: rollup,
    },
  },
});
