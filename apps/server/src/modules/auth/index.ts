// The auth module's manifest (ADR 0123), listed in ../index.ts: its routes, and the hourly
// housekeeping of expired sessions, one-time tokens and sign-in attempts.
import { defineModule, type QueueHandler } from '../manifest/define';
import { purgeAuthTables } from './maintenance';
import routes from './routes';

const purge: QueueHandler = async (_batch, { ctx }) => {
  await purgeAuthTables(ctx.database, ctx.now());
};

export default defineModule({
  name: 'auth',
  api: routes,
  queues: {
    'auth.maintenance': {
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 600,
      cron: '17 * * * *',
      owner: 'operator',
      handler: purge,
    },
  },
});
