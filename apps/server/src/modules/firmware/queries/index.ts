// The firmware module's SQL (ADR 0129), one file per concern.
export * from './packages';
export * from './campaigns';
export * from './targets';
export * from './offers';
