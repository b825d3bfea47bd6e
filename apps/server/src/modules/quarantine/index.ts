// The ingest quarantine's entry point (docs/operations.md), listed in ../index.ts.
import { defineModule } from '../manifest/define';
import { countQuarantined } from './queries';
import routes from './routes';

export default defineModule({
  name: 'quarantine',
  api: routes,
  live: {
    after: ['quarantine'],
    // the quarantine is the administration's: managers never hear of it
    async push(feed, database) {
      if (!feed.hasAdmins) return;
      feed.broadcastToAdmins('quarantine', {
        count: await countQuarantined(database, feed.fleetId),
      });
    },
  },
});
