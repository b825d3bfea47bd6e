// The task statistics' entry point (issue 26 §6), registered in ../index.ts.
export { default } from './routes';
