// The ingest quarantine's entry point (docs/operations.md), listed in ../index.ts.
import { defineModule } from '../manifest';
import routes from './routes';

export default defineModule({ name: 'quarantine', api: routes });
