// Removing a bike (or re-pairing it) revokes its module: `pg_notify('vfm_module', …)`
// (`notifyModuleRevocation` of queries.ts) tells every ingest process to forget the cached
// credential and close the module's connection.
export const MODULE_CHANNEL = 'vfm_module';

export interface ModuleRevocation {
  moduleIds: string[];
}
