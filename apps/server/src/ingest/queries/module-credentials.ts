// The ingest's reads of module credentials (DESIGN §6): the broker's check of one module and
// the password file of an external Mosquitto. The credentials are written at import
// (modules/provisioning).
import type { Queryable } from '../../db/client';

/** The stored hash of the module's secret, or undefined for an unknown module. */
export async function moduleSecretHash(db: Queryable, moduleId: string) {
  const [row] = await db.query<{ secret_hash: string }>(
    'SELECT secret_hash FROM module_credential WHERE module_id = $1',
    [moduleId],
  );
  return row?.secret_hash;
}

/** Every module's id and secret hash, by id. */
export async function moduleCredentials(db: Queryable) {
  return db.query<{ module_id: string; secret_hash: string }>(
    'SELECT module_id, secret_hash FROM module_credential ORDER BY module_id',
  );
}
