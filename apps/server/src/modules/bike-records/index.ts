// The bike-records module's entry point, registered in ../index.ts.
export { default } from './routes';
