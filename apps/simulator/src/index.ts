// @vfm/simulator: simulated IoT modules speaking the VFM MQTT protocol (docs/mqtt.md), used by
// `npm start` (demo fleet), `npm run simulate` and bench/ingest.ts.
export * from './city';
export * from './random';
export * from './module';
export * from './module-profile';
export * from './fleet';
export * from './load';
export * from './history';
export * from './battery-pack';
