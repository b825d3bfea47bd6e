// The app-info module's entry point, registered in ../../app.ts.
export { default } from './routes';
