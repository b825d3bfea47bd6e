// The rebalancing module's manifest (ADR 0123, ADR 0128), listed in ../index.ts: its routes and
// the half-hourly planning (forecast, recommendations, routes) of every fleet with trips.
import { defineModule, type QueueHandler } from '../manifest';
import { planAllFleets } from './plan-job';
import routes from './routes';

const plan: QueueHandler = async (_batch, { ctx }) => {
  await planAllFleets(ctx.database, ctx.now());
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
  },
});
