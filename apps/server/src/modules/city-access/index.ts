// City access to the MDS Provider API (ADR 0085): the administrators' calls under
// the API prefix. The MDS API itself (public addresses, city tokens) is the mds module.
export { default } from './routes';
