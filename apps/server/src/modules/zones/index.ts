// The zones' entry point (issue 23), registered in ../index.ts.
export { default } from './routes';
