// The app-info module's entry point, listed in ../index.ts.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'app-info', root: [routes] });
