// The counters per warning type are queries/warning-counts.ts; re-exported for the products
// module until it imports them from there.
export { countWarnings } from './queries/warning-counts';
