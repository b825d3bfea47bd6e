// The open-data module's entry point (docs/open-data.md: the fleet's GBFS publishing settings,
// administrators only), registered in ../index.ts. The public feed itself is ../gbfs.
export { default } from './routes';
