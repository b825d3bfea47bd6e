// The alerts' entry point (issue 20), registered in ../index.ts.
export { default } from './routes';
