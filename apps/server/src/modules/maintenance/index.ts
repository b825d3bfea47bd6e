// The maintenance schedules' manifest (ADR 0123), listed in ../index.ts: a task done starts the
// bike's next period (in the task's own transaction: tasks/task-done.ts), and every ten minutes
// the tasks of the bikes a schedule says are due are opened (docs/tasks.md).
import { defineModule, type QueueHandler } from '../manifest/define';
import { onTaskDone } from '../tasks/task-done';
import routes from './routes';
import { restartMaintenancePeriod, sweepMaintenance } from './service';

onTaskDone(restartMaintenancePeriod);

const sweep: QueueHandler = async (_batch, { ctx, log }) => {
  const opened = await sweepMaintenance(ctx.database, ctx.now());
  if (opened) log.info({ opened }, 'maintenance tasks opened');
};

export default defineModule({
  name: 'maintenance',
  api: routes,
  queues: {
    'tasks.maintenance': {
      retryLimit: 3,
      retryDelay: 30,
      expireInSeconds: 300,
      cron: '*/10 * * * *',
      owner: 'operator',
      handler: sweep,
    },
  },
});
