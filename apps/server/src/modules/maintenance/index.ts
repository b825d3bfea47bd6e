// The maintenance schedules' entry point (docs/tasks.md), registered in ../index.ts. A maintenance
// task done starts the bike's next period (tasks/task-done.ts: tasks does not import this module).
import { onTaskDone } from '../tasks/task-done';
import { restartMaintenancePeriod } from './service';

onTaskDone(restartMaintenancePeriod);

export { default } from './routes';
