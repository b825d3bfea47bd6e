// A fresh, migrated database per test file: in-memory PGlite started from a cached migrated
// template, or — when DATABASE_URL is set (CI's real-service pass) — a new PostgreSQL database
// created beside the one named in DATABASE_URL and dropped afterwards.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
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
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: null,
      loadDataDir: await migratedTemplate(),
    });
    await migrate(database);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `${new URL(baseUrl).pathname.slice(1) || 'vfm'}_t_${randomBytes(5).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 5 });
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

async function adminQuery(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(name).update(await readFile(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite data directory, built once per migration set and cached in tmp. */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `vfm-pglite-template-${await migrationsHash()}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrate(database);
    const dump = await database.dumpDataDir!();
    await database.close();
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}
