// The MDS 2.0 Provider API's entry point (ADR 0085), registered in src/app.ts outside
// the API prefix: city bearer tokens only. Its clients are the city-access module's.
export { default } from './routes';
