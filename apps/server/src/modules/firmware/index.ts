// The firmware module's manifest (ADR 0123, ADR 0129), listed in ../index.ts: its routes
// (administrators), the modules' download outside the API prefix, and the minute's tick that
// drives the campaigns (offers at the pace, timeouts, canary, pause, finish). The ingest holds
// two hooks (ingest/firmware-hook.ts): the up/firmware reports and the offers' dispatcher.
import downloadRoutes from './download-routes';
import { defineModule, type QueueHandler } from '../manifest';
import routes from './routes';
import { runFirmwareTick } from './tick';

const tick: QueueHandler = async (_batch, { ctx }) => {
  await runFirmwareTick(ctx.database, ctx.now());
};

export default defineModule({
  name: 'firmware',
  api: routes,
  root: [downloadRoutes],
  queues: {
    'firmware.tick': {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: 120,
      cron: '* * * * *',
      owner: 'operator',
      atStart: true,
      handler: tick,
    },
  },
});
