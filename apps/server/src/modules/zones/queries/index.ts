// The zones' SQL (ADR 0084), by subject: the zones themselves, the bikes' places, the caps.
export * from './zones';
export * from './placement';
export * from './caps';
