// The administration module's entry point (fleet settings and activity), registered in
// ../index.ts.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'administration', api: routes });
