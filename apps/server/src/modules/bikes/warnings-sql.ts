// The warning rules as SQL are queries/warnings.ts; re-exported for the products module's
// queries until they import them from there.
export { warningBitsSql, warningConditions, warningSince } from './queries/warnings';
