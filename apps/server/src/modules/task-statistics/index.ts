// The task statistics' entry point (docs/tasks.md), listed in ../index.ts.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'task-statistics', api: routes });
