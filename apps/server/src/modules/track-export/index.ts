// Trip and track export (docs/manager-tools.md), listed in ../index.ts.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'track-export', api: routes });
