// The alerts' entry point (ADR 0081), registered in ../index.ts.
export { default } from './routes';
