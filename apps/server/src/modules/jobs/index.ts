// The jobs home's administration (issue 20), registered in ../index.ts.
export { default } from './routes';
