// The health module's entry point, registered in ../../app.ts.
export { default } from './routes';
export type { ReadinessCheck } from './routes';
