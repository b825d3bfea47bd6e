// Shared live positions (issue 25 §5), registered in ../index.ts.
export { default } from './routes';
