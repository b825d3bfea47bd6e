// The public GBFS 3.0 feed's entry point (ADR 0083), registered in src/app.ts outside
// the API prefix: no key, no sign-in, CORS open. Its settings are the open-data module's.
export { default } from './routes';
