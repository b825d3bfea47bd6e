// The public GBFS 3.0 feed's entry point (ADR 0083), listed in ../index.ts outside
// the API prefix: no key, no sign-in, CORS open. Its settings are the open-data module's.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'gbfs', root: [routes] });
