// The battery module's SQL (ADR 0112): the estimation's, and the screens'.
export * from './estimation';
export * from './reads';
