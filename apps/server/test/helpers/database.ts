// A fresh, migrated database per test file. On PGlite: an in-memory instance started from a cached
// migrated template, handed back after the file and emptied for the next file of the worker
// (pglite-pool.ts). When DATABASE_URL is set (CI's real-service pass): a new PostgreSQL database
// copied from a migrated template database beside the one named in DATABASE_URL, dropped after.
// docs/performance.md "The CI run" has what each costs.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import { migrate } from '../../src/migrate';
import { leasePglite } from './pglite-pool';
// the queues migrate() creates are the modules' (ADR 0123)
import '../../src/modules';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL URL of this test database (null on PGlite) */
  url: string | null;
  drop(): Promise<void>;
}

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const lease = await leasePglite(migrationsHash);
    return { database: lease.database, url: null, drop: lease.release };
  }
  const base = new URL(baseUrl).pathname.slice(1) || 'vfm';
  const name = `${base}_t_${randomBytes(5).toString('hex')}`;
  const template = await postgresTemplate(baseUrl, base);
  await adminQuery(baseUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 5 });
  // applies nothing on a copy of the template; kept so that a test database is migrated the way
  // a server's is
  await migrate(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function adminQuery(connectionString: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

let hash: Promise<string> | undefined;
/** A digest of the migration files: names the templates of this migration set. */
export function migrationsHash(): Promise<string> {
  hash ??= (async () => {
    const digest = createHash('sha256');
    for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
      digest.update(name).update(await readFile(path.join(MIGRATIONS_DIR, name)));
    }
    return digest.digest('hex').slice(0, 16);
  })();
  return hash;
}

/**
 * The migrated template database of this migration set, `<base>_m_<hash>`: migrated once (under
 * an advisory lock, as `<…>_new`, then renamed, so that no copy sees it half-built), then copied
 * by CREATE DATABASE … TEMPLATE for each test file — a copy costs a fifth of running the
 * migrations. CI drops it with the run's database (tools/ci-db.mjs).
 */
async function postgresTemplate(baseUrl: string, base: string): Promise<string> {
  const name = `${base}_m_${await migrationsHash()}`;
  const exists = async () =>
    (await adminQuery(baseUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
  if (await exists()) return name;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    if (await exists()) return name;
    const building = `${name}_new`;
    await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${building}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: null,
      poolSize: 1,
    });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await client.end();
  }
}
