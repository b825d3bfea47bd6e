// The ingest quarantine's entry point (issue 27), registered in ../index.ts.
export { default } from './routes';
