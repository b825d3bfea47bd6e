// The bike-records module's entry point, listed in ../index.ts.
import { defineModule } from '../manifest';
import routes from './routes';

export default defineModule({ name: 'bike-records', api: routes });
