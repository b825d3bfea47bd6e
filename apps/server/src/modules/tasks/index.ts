// The tasks' entry point (docs/tasks.md), registered in ../index.ts.
export { default } from './routes';
