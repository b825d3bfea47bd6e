// The webhooks' entry point (docs/webhooks.md), registered in ../index.ts.
export { default } from './routes';
