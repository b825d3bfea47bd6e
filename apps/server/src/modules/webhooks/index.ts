// The webhooks' entry point (issue 22 §4), registered in ../index.ts.
export { default } from './routes';
