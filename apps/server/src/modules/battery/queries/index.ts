// The battery module's SQL (ADR 0112): the estimation's, the screens', and the fleet's (settings
// applied at once, the peak hour kept).
export * from './estimation';
export * from './fleet';
export * from './reads';
