// The ingest quarantine's entry point (docs/operations.md), registered in ../index.ts.
export { default } from './routes';
