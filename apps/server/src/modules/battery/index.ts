// The battery module's manifest (ADR 0123, ADR 0130), listed in ../index.ts: its routes and
// its queue — the estimation, every minute, from the stored telemetry (estimation.ts).
import { defineModule, type QueueHandler } from '../manifest';
import { estimateAll } from './estimation';
import routes from './routes';

const estimate: QueueHandler = async (_batch, { ctx, log }) => {
  const done = await estimateAll(ctx.database, () => ctx.now());
  if (done.bikes) log.info(done, 'battery health estimated');
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
  },
});
