// Trip and track export (issue 25 §4), registered in ../index.ts.
export { default } from './routes';
