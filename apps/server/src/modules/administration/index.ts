// The administration module's entry point (fleet settings and activity), registered in
// ../index.ts.
export { default } from './routes';
