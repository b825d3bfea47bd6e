// The tasks module's manifest (ADR 0123), listed in ../index.ts: its routes, and the queue that
// opens and cancels the automatic tasks of the alerts (docs/tasks.md: low battery → swap,
// module silent → inspect, theft → recover, ADR 0091).
import type { EventJobData } from '../../jobs/domain-events';
import { defineModule, type QueueHandler } from '../manifest/define';
import { automateTasks } from './automation';
import routes from './routes';

const automate: QueueHandler<EventJobData> = async (batch, { ctx }) => {
  await automateTasks(
    ctx.database,
    batch.map((job) => job.data),
    ctx.now(),
    ctx.jobs,
  );
};

export default defineModule({
  name: 'tasks',
  api: routes,
  // the lists, My tasks and the swap queue read them again (docs/tasks.md)
  live: { after: ['task'], push: async (feed) => feed.broadcast('tasks', {}) },
  queues: {
    'tasks.automate': {
      retryLimit: 8,
      retryDelay: 1,
      expireInSeconds: 60,
      batchSize: 100,
      owner: 'fleet',
      hears: ['alert.opened', 'alert.cleared'],
      handler: automate,
    },
  },
});
