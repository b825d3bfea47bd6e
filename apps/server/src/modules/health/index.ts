// The health module's entry point, listed in ../index.ts.
import { defineModule } from '../manifest/define';
import routes from './routes';
export type { ReadinessCheck } from './routes';

export default defineModule({ name: 'health', root: [routes] });
