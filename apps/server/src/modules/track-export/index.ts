// Trip and track export (docs/manager-tools.md), registered in ../index.ts.
export { default } from './routes';
