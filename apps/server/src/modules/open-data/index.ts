// The open-data module's entry point (docs/open-data.md: the fleet's GBFS publishing settings,
// administrators only), listed in ../index.ts. The public feed itself is ../gbfs.
import { defineModule } from '../manifest/define';
import routes from './routes';

export default defineModule({ name: 'open-data', api: routes });
