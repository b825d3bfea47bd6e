// The fleet module's SQL (ADR 0112), one file per concern: group tree, list and CSV batches,
// counts, traffic and chart, markers, and the live stream's reads. Every query starts from the
// caller's fleet id (DESIGN §5 scoping); filters come from filters.ts, the shared bike read
// model from ../bikes.
export * from './groups';
export * from './list';
export * from './counts';
export * from './traffic';
export * from './markers';
