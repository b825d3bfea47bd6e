// City access to the MDS Provider API (ADR 0085): the administrators' calls under
// the API prefix. The MDS API itself (public addresses, city tokens) is the mds module.
// Its manifest (ADR 0123) also keeps the MDS access log 90 days (docs/open-data.md), hourly.
import { defineModule, type QueueHandler } from '../manifest/define';
import { purgeMdsAccessLog } from './maintenance';
import routes from './routes';

const purge: QueueHandler = async (_batch, { ctx }) => {
  await purgeMdsAccessLog(ctx.database, ctx.now());
};

export default defineModule({
  name: 'city-access',
  api: routes,
  queues: {
    'city-access.maintenance': {
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 600,
      cron: '27 * * * *',
      owner: 'operator',
      handler: purge,
    },
  },
});
