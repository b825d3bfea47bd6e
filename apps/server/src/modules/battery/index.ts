// The battery module's manifest (ADR 0123, ADR 0130), listed in ../index.ts: its routes and
// its queues — the estimation, every minute, from the stored telemetry (estimation.ts), and a
// change of a fleet's battery settings applied to its packs at once (fleet-health.ts).
import { defineModule, type QueueHandler } from '../manifest/define';
import { estimateAll } from './estimation';
import { reassessFleet } from './fleet-health';
import routes from './routes';

const estimate: QueueHandler = async (_batch, { ctx, log }) => {
  const done = await estimateAll(ctx.database, () => ctx.now());
  if (done.bikes) log.info(done, 'battery health estimated');
};

const reassess: QueueHandler<{ fleetId: string }> = async (batch, { ctx, log }) => {
  for (const fleetId of new Set(batch.map((job) => job.data.fleetId))) {
    const changed = await reassessFleet(ctx.database, fleetId, ctx.now());
    log.info({ fleetId, changed }, 'battery settings applied to the packs');
  }
  // the BATTERY_HEALTH alerts follow the packs' new alert state within the second
  await ctx.jobs.send(null, 'alerts.sweep', {});
};

export default defineModule({
  name: 'battery',
  api: routes,
  queues: {
    /** reads the new telemetry of the bikes and updates their packs and predictions */
    'battery.estimate': {
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: 600,
      cron: '* * * * *',
      owner: 'operator',
      atStart: true,
      handler: estimate,
    },
    /** a fleet's battery settings changed: its packs' figures and alerts follow at once */
    'battery.reassess': {
      retryLimit: 4,
      retryDelay: 5,
      expireInSeconds: 300,
      batchSize: 10,
      owner: 'fleet',
      handler: reassess,
    },
  },
});
