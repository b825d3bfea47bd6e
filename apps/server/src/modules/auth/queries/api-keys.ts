// The auth module's SQL on API keys (x-api-key, DESIGN §5): created by the admin CLI, stored as
// their SHA-256, read by the api-key plugin (plugins/api-key.ts, given this read by app.ts).
import type { Queryable } from '../../../db/client';

/** The hashes of the keys not revoked. */
export async function activeApiKeyHashes(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ key_hash: string }>(
    'SELECT key_hash FROM api_key WHERE revoked_at IS NULL',
  );
  return rows.map((row) => row.key_hash);
}

export async function insertApiKey(db: Queryable, name: string, keyHash: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO api_key (name, key_hash) VALUES ($1, $2) RETURNING id',
    [name, keyHash],
  );
  return row!.id;
}
