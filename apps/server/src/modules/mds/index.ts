// The MDS 2.0 Provider API's entry point (ADR 0085), listed in ../index.ts outside
// the API prefix: city bearer tokens only. Its clients are the city-access module's.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'mds', root: [routes] });
