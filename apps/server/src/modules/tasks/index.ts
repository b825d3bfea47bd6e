// The tasks' entry point (issue 26), registered in ../index.ts.
export { default } from './routes';
