// The zones' entry point (docs/zones.md), registered in ../index.ts.
export { default } from './routes';
