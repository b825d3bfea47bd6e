// The bikes' shared part (no routes of its own), listed in ../index.ts for its queue (ADR 0123):
// next month's telemetry partitions exist before they are needed (DESIGN §2).
import { defineModule, type QueueHandler } from '../manifest';
import { ensureTelemetryPartitions } from './queries/partitions';

const partitions: QueueHandler = async (_batch, { ctx }) => {
  await ensureTelemetryPartitions(ctx.database, ctx.now());
};

export default defineModule({
  name: 'bikes',
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
