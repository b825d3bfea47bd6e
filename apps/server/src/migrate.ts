// Brings a database up to date at a start: its tables (db/migrate.ts, the SQL files), then the
// jobs home's queues (jobs/queries/install.ts). Load the module list first: it declares the
// queues.
import type { Database } from './db/client';
import { MIGRATIONS_DIR, migrateTables } from './db/migrate';
import { assertQueuesRegistered, installQueues } from './jobs/queries/install';

/** The migrations and the queues it applied, in order. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  assertQueuesRegistered();
  const tables = await migrateTables(database, dir);
  return [...tables, ...(await installQueues(database))];
}
