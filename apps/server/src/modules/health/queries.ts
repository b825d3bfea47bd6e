// The health module's SQL: whether the database answers at all (the readiness check of app.ts,
// the ingest's probe after a failed write).
import type { Queryable } from '../../db/client';

export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
