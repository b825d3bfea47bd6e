// The settings module's entry point, listed in ../index.ts.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'settings', api: routes });
