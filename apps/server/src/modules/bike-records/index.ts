// The bike-records module's entry point, listed in ../index.ts: a bike's records (its trips, track,
// events) and the telemetry they are read from, whose next month's partitions exist before they
// are needed (DESIGN §2; the partitions themselves are the bikes' shared part).
import { defineModule, type QueueHandler } from '../manifest/define';
import { ensureTelemetryPartitions } from '../bikes/queries/partitions';
import routes from './routes';

const partitions: QueueHandler = async (_batch, { ctx }) => {
  await ensureTelemetryPartitions(ctx.database, ctx.now());
};

export default defineModule({
  name: 'bike-records',
  api: routes,
  queues: {
    'telemetry.partitions': {
      retryLimit: 5,
      retryDelay: 60,
      expireInSeconds: 600,
      cron: '7 3 * * *',
      owner: 'operator',
      handler: partitions,
    },
  },
});
