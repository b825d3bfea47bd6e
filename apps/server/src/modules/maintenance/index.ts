// The maintenance schedules' entry point (issue 26 §4), registered in ../index.ts.
export { default } from './routes';
