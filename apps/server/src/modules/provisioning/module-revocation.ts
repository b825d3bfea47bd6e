// Removing a bike (or re-pairing it) revokes its module: `pg_notify('vfm_module', …)` tells
// every ingest process to forget the cached credential and close the module's connection.
import type { TxQuery } from '../../db/client';

export const MODULE_CHANNEL = 'vfm_module';

export interface ModuleRevocation {
  moduleIds: string[];
}

export async function notifyModuleRevocation(tx: Pick<TxQuery, 'query'>, moduleIds: string[]) {
  if (!moduleIds.length) return;
  const notice: ModuleRevocation = { moduleIds };
  await tx.query('SELECT pg_notify($1, $2)', [MODULE_CHANNEL, JSON.stringify(notice)]);
}
