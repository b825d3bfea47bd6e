export * from './maps';
export * from './plans';
