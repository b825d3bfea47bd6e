// The rebalancing module's manifest (ADR 0123, ADR 0128), listed in ../index.ts: its routes and
// the half-hourly planning (forecast, recommendations, routes) of every fleet with trips, and
// the heat maps' rollup per cell and hour (ADR 0136).
import type { EventJobData } from '../../jobs/domain-events';
import { defineModule, type QueueHandler } from '../manifest/define';
import { planAllFleets } from './plan-job';
import { rollUpHours, type RollupOptions } from './rollup';
import { planFleetRoutes } from './routes-service';
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

/** The routes again after tasks changed: once per fleet for all the changes fetched together. */
/** how long after a task's change its fleet's routes are planned again (a burst: once) */
export const REPLAN_DEBOUNCE_MS = 2_000;

const replan: QueueHandler<EventJobData> = async (batch, { ctx }) => {
  const fleets = new Set<string>();
  for (const job of batch) if (job.data.name === 'tasks.changed') fleets.add(job.data.data.fleetId);
  for (const fleetId of fleets) await planFleetRoutes(ctx.database, fleetId, ctx.now());
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
    /** the technicians' routes planned again when the fleet's tasks change (ADR 0136): the
     *  changes of REPLAN_DEBOUNCE_MS are fetched together, each fleet planned once for them */
    'rebalancing.replan': {
      retryLimit: 3,
      retryDelay: 5,
      expireInSeconds: 120,
      batchSize: 100,
      wakeMs: REPLAN_DEBOUNCE_MS,
      owner: 'fleet',
      hears: ['tasks.changed'],
      handler: replan,
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
