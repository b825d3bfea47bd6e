// The jobs home's administration (ADR 0081), registered in ../index.ts.
export { default } from './routes';
